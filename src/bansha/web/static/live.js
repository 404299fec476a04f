// Live updates without a build step: one EventSource per page; when the game reaches
// a revision the page does not show yet, htmx fetches the page again and swaps #main.
// A refresh waits while a form's own request is in flight: its answer (with the
// accepted/refused message) already brings the new revision.
(function () {
  var body = document.body;
  var src = body.getAttribute("data-events");
  if (!src || !window.EventSource) return;
  var es = new EventSource(src);
  var latest = "";
  var timer = null;
  function shown() {  // the revision and the chat count the page shows
    var main = document.getElementById("main");
    return main ? main.getAttribute("data-revision") + "/" + main.getAttribute("data-chat") : "";
  }
  function refresh() {
    timer = null;
    if (document.querySelector(".htmx-request")) { timer = setTimeout(refresh, 200); return; }
    if (latest === shown()) return;
    htmx.ajax("GET", body.getAttribute("data-refresh"),
              {target: "#main", select: "#main", swap: "outerHTML"});
  }
  es.addEventListener("revision", function (ev) {
    var d = JSON.parse(ev.data);
    latest = d.revision + "/" + d.chat;
    if (latest !== shown() && timer === null) timer = setTimeout(refresh, 250);
  });
  es.addEventListener("revoked", function () { es.close(); location.reload(); });
})();

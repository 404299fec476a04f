// Live updates without a build step: one EventSource per page; when the game reaches
// a revision the page does not show yet, htmx fetches the page again and swaps #main.
// A refresh waits while a form's own request is in flight: its answer (with the
// accepted/refused message) already brings the new revision.
(function () {
  var body = document.body;
  var src = body.getAttribute("data-events");
  if (!src || !window.EventSource) return;
  var es = new EventSource(src);
  var latest = -1;
  var timer = null;
  function shown() {
    var main = document.getElementById("main");
    return main ? Number(main.getAttribute("data-revision")) : -1;
  }
  function refresh() {
    timer = null;
    if (document.querySelector(".htmx-request")) { timer = setTimeout(refresh, 200); return; }
    if (latest <= shown()) return;
    htmx.ajax("GET", body.getAttribute("data-refresh"),
              {target: "#main", select: "#main", swap: "outerHTML"});
  }
  es.addEventListener("revision", function (ev) {
    latest = JSON.parse(ev.data).revision;
    if (latest !== shown() && timer === null) timer = setTimeout(refresh, 250);
  });
  es.addEventListener("revoked", function () { es.close(); location.reload(); });
})();

// Live updates without a build step: one EventSource per page; when the game reaches
// a revision the page does not show yet, htmx fetches the page again and swaps #main.
// A refresh waits while a form's own request is in flight: its answer (with the
// accepted/refused message) already brings the new revision.
(function () {
  // countdowns: seconds left as the server said when the page was drawn
  setInterval(function () {
    var els = document.querySelectorAll(".countdown[data-left]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (!el.hasAttribute("data-drawn")) el.setAttribute("data-drawn", String(Date.now()));
      var left = Number(el.getAttribute("data-left")) -
          (Date.now() - Number(el.getAttribute("data-drawn"))) / 1000;
      left = Math.max(0, Math.round(left));
      el.textContent = Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2);
    }
  }, 1000);
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

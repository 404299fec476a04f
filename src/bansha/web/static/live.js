// Live updates without a build step: one EventSource per page; when the game reaches
// a revision the page does not show yet, htmx fetches the page again and swaps #main.
(function () {
  var body = document.body;
  var src = body.getAttribute("data-events");
  if (!src || !window.EventSource) return;
  var es = new EventSource(src);
  function shown() {
    var main = document.getElementById("main");
    return main ? Number(main.getAttribute("data-revision")) : -1;
  }
  es.addEventListener("revision", function (ev) {
    var d = JSON.parse(ev.data);
    if (d.revision === shown()) return;
    htmx.ajax("GET", body.getAttribute("data-refresh"),
              {target: "#main", select: "#main", swap: "outerHTML"});
  });
  es.addEventListener("revoked", function () { es.close(); location.reload(); });
})();

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
  var latest = null;  // {revision, chat} the server last announced
  var timer = null;
  // A refresh asked for before the player's own form went out can be answered after
  // that form's answer, and swapping it in would wipe the answer (已提交/未生效): such a
  // refresh is dropped, and the page refreshes again once the form's answer is in.
  var formsSent = 0;  // the page's own form requests (every one of them is a POST)
  var refreshFrom = -1;  // formsSent when the refresh in flight was asked for
  function verb(ev) {
    var cfg = ev.detail && ev.detail.requestConfig;
    return cfg && cfg.verb ? String(cfg.verb).toLowerCase() : "";
  }
  body.addEventListener("htmx:beforeRequest", function (ev) {
    if (verb(ev) !== "get") formsSent++;
  });
  body.addEventListener("htmx:beforeSwap", function (ev) {
    if (verb(ev) === "get" && refreshFrom >= 0 && formsSent !== refreshFrom) {
      ev.detail.shouldSwap = false;
    }
  });
  function behind() {  // the page shows an older revision or chat count than announced
    var main = document.getElementById("main");
    if (!main || latest === null) return false;
    return Number(main.getAttribute("data-revision")) < latest.revision ||
        Number(main.getAttribute("data-chat")) !== latest.chat;
  }
  function typing() {  // a half-written text must not be wiped by someone else's action
    var el = document.activeElement;
    return !!(el && el.closest && el.closest("#main form") &&
              (el.tagName === "TEXTAREA" || el.tagName === "INPUT") && el.value);
  }
  function refresh() {
    timer = null;
    if (document.querySelector(".htmx-request") || typing()) {
      timer = setTimeout(refresh, 500);
      return;
    }
    if (!behind()) return;
    // The answer to the player's own last submission (已提交/未生效) stays on screen
    // through a live refresh caused by someone else's action; it goes when they act again.
    var kept = document.querySelector("#main .flash[role=status]");
    var keptHtml = kept ? kept.outerHTML : null;
    refreshFrom = formsSent;
    htmx.ajax("GET", body.getAttribute("data-refresh"),
              {target: "#main", select: "#main", swap: "outerHTML"}).then(function () {
      var dropped = formsSent !== refreshFrom;
      refreshFrom = -1;
      if (dropped) {  // a form went out meanwhile: its answer is on screen; look again
        if (timer === null) timer = setTimeout(refresh, 500);
        return;
      }
      var main = document.getElementById("main");
      if (!keptHtml || !main || main.querySelector(".flash[role=status]")) return;
      var h1 = main.querySelector("h1");
      if (h1) h1.insertAdjacentHTML("afterend", keptHtml);
    });
  }
  es.addEventListener("revision", function (ev) {
    var d = JSON.parse(ev.data);
    latest = {revision: Number(d.revision), chat: Number(d.chat)};
    if (behind() && timer === null) timer = setTimeout(refresh, 250);
  });
  es.addEventListener("revoked", function () { es.close(); location.reload(); });
})();

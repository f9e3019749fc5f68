// The round timer: every [data-ends-at] counts down to the server's gong; at
// time up it shows the ruleset's policy. [data-clock] shows the time of day. Times are the
// server's, in seconds since the epoch. The server's clock comes from the Date header of an
// answer (a HEAD of this page at load, then every htmx poll), not from the page: a page may
// come from a cache, rendered long ago, so a phone or a projector whose own clock is wrong
// still counts to the gong.
(function () {
  "use strict";
  function two(n) { return String(n).padStart(2, "0"); }
  var skew = 0;  // the server's clock minus this device's, in ms (0 until the server answers)
  function learn(date) {
    var server = Date.parse(date || "");
    if (!isNaN(server)) { skew = server + 500 - Date.now(); }  // the header's whole second, halved
  }
  function serverNow() { return Date.now() + skew; }
  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (timer) {
      var left = Math.round((Number(timer.dataset.endsAt) * 1000 - serverNow()) / 1000);
      var shown = timer.querySelector(".timer-left");
      var policy = timer.querySelector(".timer-policy");
      if (left > 0) {
        var h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
        shown.textContent = (h ? h + ":" + two(m) : m) + ":" + two(s);
        policy.hidden = true;
        timer.classList.remove("time-up");
      } else {
        shown.textContent = "0:00";
        policy.hidden = false;
        timer.classList.add("time-up");
      }
    });
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      var d = new Date(serverNow());
      clock.textContent = two(d.getHours()) + ":" + two(d.getMinutes());
    });
  }
  if (!window.roundTimer) {
    window.roundTimer = setInterval(tick, 1000);
    document.addEventListener("htmx:afterSwap", tick);
    document.addEventListener("htmx:afterRequest", function (event) {
      learn(event.detail.xhr && event.detail.xhr.getResponseHeader("Date"));
    });
    fetch(location.href, {method: "HEAD", cache: "no-store", credentials: "same-origin"})
      .then(function (answer) { learn(answer.headers.get("Date")); tick(); })
      .catch(function () {});
  }
  tick();
})();

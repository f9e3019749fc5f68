// The round timer: every [data-ends-at] counts down to the server's gong; at
// time up it shows the ruleset's policy. [data-clock] shows the time of day. Times are the
// server's, in seconds since the epoch: [data-now] is the server's clock when it rendered
// the element, so a phone or a projector whose own clock is wrong still counts to the gong.
(function () {
  "use strict";
  function two(n) { return String(n).padStart(2, "0"); }
  function serverNow(element) {
    if (!element.dataset.skew) {  // the server's clock minus this device's, in ms
      element.dataset.skew = String(Number(element.dataset.now) * 1000 - Date.now());
    }
    return Date.now() + Number(element.dataset.skew);
  }
  function tick() {
    document.querySelectorAll("[data-ends-at]").forEach(function (timer) {
      var left = Math.round((Number(timer.dataset.endsAt) * 1000 - serverNow(timer)) / 1000);
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
      var d = new Date(serverNow(clock));
      clock.textContent = two(d.getHours()) + ":" + two(d.getMinutes());
    });
  }
  if (!window.roundTimer) {
    window.roundTimer = setInterval(tick, 1000);
    document.addEventListener("htmx:afterSwap", tick);
  }
  tick();
})();

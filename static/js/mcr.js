/* An MCR win on the table page: the − / + steps of the points and flowers, the fans ticked
   (a fan's "×2" ticks it again; the points follow the sum, shown live), the search that
   filters the fans as you type, and the points the tiles counted (the picker's
   "tiles:scored"). Each change is an input event of the form: the live preview follows. */
(function () {
  "use strict";
  if (window.clubMCR) { return; }
  window.clubMCR = true;

  function changed(field) {
    field.dispatchEvent(new Event("input", {bubbles: true}));
    field.dispatchEvent(new Event("change", {bubbles: true}));
  }

  function points(form) {
    return form.querySelector("[name='fan']");
  }

  function ticked(list) {
    var sum = 0;
    list.querySelectorAll("[name='fans']:checked").forEach(function (box) { sum += Number(box.dataset.points); });
    var shown = list.querySelector(".fan-sum");
    shown.textContent = shown.textContent.replace(/-?\d+/, String(sum));
    return sum;
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest(".step");
    if (!step) { return; }
    var field = document.getElementById(step.getAttribute("aria-controls"));
    var value = (Number(field.value) || 0) + Number(step.dataset.step);
    var lowest = Number(field.min || 0), highest = field.max === "" ? Infinity : Number(field.max);
    field.value = String(Math.max(lowest, Math.min(highest, value)));
    changed(field);
  });

  document.addEventListener("change", function (event) {
    var box = event.target;
    if (box.name !== "fans") { return; }
    var boxes = box.closest(".fan").querySelectorAll("[name='fans']");
    var position = Array.prototype.indexOf.call(boxes, box);
    boxes.forEach(function (other, i) {  // "×2" ticks the fan once more: the first stays ticked
      if (box.checked && i < position) { other.checked = true; }
      if (!box.checked && i > position) { other.checked = false; }
    });
    var sum = ticked(box.closest(".fan-list"));
    var field = points(box.form);
    if (sum > 0 && field) { field.value = String(sum); changed(field); }
  });

  document.addEventListener("input", function (event) {
    var search = event.target.closest(".fan-search");
    if (!search) { return; }
    event.stopPropagation();  // a search is no change of the hand: no preview for it
    var words = search.value.trim().toLowerCase();
    var list = search.closest(".fan-list");
    list.querySelectorAll(".fan").forEach(function (fan) { fan.hidden = !!words && fan.dataset.name.indexOf(words) < 0; });
    list.querySelectorAll(".fan-group").forEach(function (group) {
      group.hidden = !group.querySelector(".fan:not([hidden])");
    });
  }, true);

  document.addEventListener("keydown", function (event) {  // Enter in the search filters, never saves
    if (event.key === "Enter" && event.target.closest(".fan-search")) { event.preventDefault(); }
  });

  document.addEventListener("tiles:scored", function (event) {
    var form = event.target.closest("form"), field = form && points(form);
    if (!field || !event.detail || !event.detail.fan) { return; }
    form.querySelectorAll("[name='fans']:checked").forEach(function (box) { box.checked = false; });
    var list = form.querySelector(".fan-list");
    if (list) { ticked(list); }
    field.value = event.detail.fan;
    changed(field);
  });
})();

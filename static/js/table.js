// The table page: after an htmx swap of the hand form, focus moves to its heading
// (so the next Tab is inside the new form) and the region the server names comes into view:
// the updated scoreboard after a save, the first error after a refusal, the form after an
// outcome was tapped. The server asks for it with the "table:swapped" event (HX-Trigger).
document.addEventListener("table:swapped", (event) => {
  const heading = document.getElementById("hand-form-title");
  if (heading) heading.focus({ preventScroll: true });
  const shown = document.querySelector(event.detail.show);
  if (shown) shown.scrollIntoView({ block: "start" });
});

// American entry: a card-value chip fills the number field beside it; the live preview follows
// (it listens to the form's input events). The chips show only where this script runs.
document.documentElement.classList.add("js");
document.addEventListener("click", (event) => {
  const chip = event.target.closest(".card-value");
  if (!chip) return;
  const field = document.getElementById(chip.getAttribute("aria-controls"));
  field.value = chip.dataset.value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
});

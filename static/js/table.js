// The table page (issue 11): after an htmx swap of the hand form, focus moves to its heading
// (so the next Tab is inside the new form) and the region the server names comes into view:
// the updated scoreboard after a save, the first error after a refusal, the form after an
// outcome was tapped. The server asks for it with the "table:swapped" event (HX-Trigger).
document.addEventListener("table:swapped", (event) => {
  const heading = document.getElementById("hand-form-title");
  if (heading) heading.focus({ preventScroll: true });
  const shown = document.querySelector(event.detail.show);
  if (shown) shown.scrollIntoView({ block: "start" });
});

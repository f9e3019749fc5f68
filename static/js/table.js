// The table page: after an htmx swap of the hand form the server names (the "table:swapped"
// event, HX-Trigger) what comes into view and where the focus goes: the updated scoreboard after
// a save, with the focus on the hand form's heading (so the next Tab is inside the new form) or
// on the final standings of a game just over; the first error after a refusal; a row just added.
// An element that takes no focus itself (a row, the standings) is given tabindex -1.
document.addEventListener("table:swapped", (event) => {
  const { show, focus } = event.detail;
  const target = (focus && document.querySelector(focus)) || document.getElementById("hand-form-title");
  if (target) {
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
  const shown = document.querySelector(show);
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

// Enter in a field of the hand form saves the hand once the preview shows its payments, and does
// nothing while the hand is incomplete: it never presses another of the form's buttons (a row's
// "+"). The preview is asked for first, so what was just typed counts (its answer within 3 s). In the tenpai check's
// boxes, Enter checks the tenpai.
document.addEventListener("keydown", (event) => {
  const field = event.target;
  if (event.key !== "Enter" || event.defaultPrevented || event.isComposing || !field.closest) return;
  const form = field.closest("form#hand");
  if (!form || !field.matches("input:not([type=button], [type=submit], [type=reset], [type=search])")) return;
  event.preventDefault();
  const check = field.closest(".tenpai-check");
  if (check) {
    check.querySelector("button").click();
    return;
  }
  const preview = document.getElementById("preview");
  const answered = () => {
    if (preview.querySelector("[data-complete]")) form.requestSubmit(form.querySelector(".save"));
  };
  preview.addEventListener("htmx:afterSettle", answered, { once: true });
  setTimeout(() => preview.removeEventListener("htmx:afterSettle", answered), 3000); // no later tap saves
  form.dispatchEvent(new Event("input", { bubbles: true }));
});

// The game's actions: "Undo last hand" (or Finish, Abandon) swaps in its question, and the focus
// goes to the question (read first; Tab reaches its buttons); "Keep it" swaps the actions back,
// and the focus returns to the action that asked. The focus never falls to the page's body.
let opener = null;
let asked = false;
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail.elt;
  if (elt && elt.closest && elt.closest("#game-actions") && elt.matches("a[hx-get]")) {
    const url = elt.getAttribute("hx-get");
    if (!url.includes("cancel=1")) opener = url;
    asked = true;
  }
});
document.addEventListener("htmx:afterSettle", () => {
  const actions = document.getElementById("game-actions");
  if (!asked || !actions) return;
  asked = false;
  const question = actions.querySelector("#confirm-text");
  let target = question;
  if (!question && opener) target = actions.querySelector(`a[hx-get="${CSS.escape(opener)}"]`);
  if (!target) target = actions.querySelector("a, button");
  if (!target) return;
  if (target === question) target.setAttribute("tabindex", "-1");
  target.focus();
});

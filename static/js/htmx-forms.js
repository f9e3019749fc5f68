// Forms marked data-drop-empty leave their empty fields out of htmx requests, so a filter
// form pushes a short URL (?season=3, not ?ruleset=&kind=&season=3...). A file, not inline
// htmx code: the Content-Security-Policy allows no inline code and htmx runs without eval.
document.addEventListener("htmx:configRequest", (event) => {
  if (!event.detail.elt.closest("form[data-drop-empty]")) return;
  for (const [name, value] of Object.entries(event.detail.parameters)) {
    if (value === "") delete event.detail.parameters[name];
  }
});

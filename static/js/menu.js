// The site header's menu: on a phone the links sit behind the "Menu" button (a <details>); a
// wider screen, and the table's slim header, show them open. Loaded right after the header, so
// the page is first painted with the menu as it stays.
(() => {
  const menu = document.getElementById("site-menu");
  if (!menu) return;
  const wide = matchMedia("(min-width: 48rem)");
  const slim = menu.closest(".site-header.slim") !== null;
  const place = () => { menu.open = wide.matches || slim; };
  place();
  wide.addEventListener("change", place);
})();

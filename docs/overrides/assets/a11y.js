/* Accessibility fixes to markup no template of ours makes: Material's script and nbconvert.
 * They run on Material's document$, which fires once Material has built its parts.
 */
(function () {
  "use strict";

  /* Material wraps each code block's copy button in a <nav>: a navigation landmark per code
   * block, all unnamed, crowding the landmark list a screen reader offers (axe:
   * landmark-unique). A single button is no navigation; role="none" keeps the button and
   * drops the landmark. */
  function unlandmark() {
    document.querySelectorAll("nav.md-code__nav:not([role])").forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
  }

  /* A box that scrolls sideways must be a tab stop, or a keyboard cannot scroll it (axe:
   * scrollable-region-focusable): Material's wrapper of a wide table is none. nbconvert
   * makes every notebook cell and output one, some 70 on a page, which a keyboard reader
   * must pass to reach the rest. So: a tab stop exactly while there is something to scroll,
   * as Material does for code blocks. ResizeObserver reports each box once at once, then
   * on every change of its size. */
  var observer = window.ResizeObserver && new ResizeObserver(function (entries) {
    entries.forEach(function (entry) {
      var box = entry.target;
      if (box.scrollWidth > box.clientWidth) box.setAttribute("tabindex", "0");
      else box.removeAttribute("tabindex");
    });
  });

  function start() {
    unlandmark();
    if (!observer) return;
    document.querySelectorAll(".md-typeset__scrollwrap, .jupyter-wrapper [tabindex='0']").forEach(function (box) {
      observer.observe(box);
    });
  }

  if (window.document$) window.document$.subscribe(start);
  else document.addEventListener("DOMContentLoaded", start);
})();

/* What the theme's own script makes and no template can reach.
 *
 * Material wraps each code block's copy button in a <nav>: a navigation landmark per code
 * block, all unnamed, crowding the landmark list a screen reader offers (axe:
 * landmark-unique). A single button is no navigation; role="none" keeps the button and
 * drops the landmark. document$ (Material's) fires after Material has built the buttons.
 */
(function () {
  "use strict";

  function unlandmark() {
    document.querySelectorAll("nav.md-code__nav:not([role])").forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
  }

  if (window.document$) window.document$.subscribe(unlandmark);
  else document.addEventListener("DOMContentLoaded", unlandmark);
})();

/* Loads the optimizer explorer where a page asks for it, with
 * <div class="optimizer-explorer" hidden></div>: its style sheet first, then its script
 * (optimizer-explorer-widget.js), which fetches its data. This file is on every page, so it
 * is only this: on a page without the div it does nothing and loads nothing.
 */
(function () {
  "use strict";

  var base = document.currentScript ? document.currentScript.src : location.href;

  // The explorer's own pages, not the notebook made from one (its Markdown keeps the div).
  var wanted = ".md-content .optimizer-explorer:not(.jupyter-wrapper *)";

  function start() {
    if (!document.querySelector(wanted)) return;
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL("optimizer-explorer.css", base).href;
    css.onload = function () {
      var js = document.createElement("script");
      js.src = new URL("optimizer-explorer-widget.js", base).href;
      document.head.append(js);
    };
    document.head.append(css);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

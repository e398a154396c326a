/* Loads a page's widgets where the page asks for one with <div class="NAME" hidden></div>:
 * the widget's style sheet, assets/NAME.css, then its script, assets/NAME-widget.js, which
 * fetches its data (computed by PyTorch, see examples/drawings/). This file is on every
 * page, so it is only this: a page without such a div loads nothing more. A notebook's
 * page never holds one (tests/notebooks.py leaves the div out).
 */
(function () {
  "use strict";

  var WIDGETS = ["optimizer-explorer", "training-slider"];
  var base = document.currentScript ? document.currentScript.src : location.href;

  function load(name) {
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL(name + ".css", base).href;
    css.onload = function () {
      var js = document.createElement("script");
      js.src = new URL(name + "-widget.js", base).href;
      document.head.append(js);
    };
    document.head.append(css);
  }

  function start() {
    WIDGETS.forEach(function (name) {
      if (document.querySelector(".md-content ." + name)) load(name);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

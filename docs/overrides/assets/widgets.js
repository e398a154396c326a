/* Loads a page's widgets where the page asks for one with <div class="NAME" hidden></div>:
 * the widget's style sheet, assets/NAME.css, then its script, assets/NAME-widget.js, which
 * fetches its data (computed by PyTorch, see examples/drawings/). This file is on every
 * page, so it is only this and the few helpers the widget scripts share (window.widgets):
 * a page without such a div loads nothing more. A notebook's page never holds one
 * (tests/notebooks.py leaves the div out).
 */
(function () {
  "use strict";

  var WIDGETS = ["explorer", "optimizer-explorer", "training-slider"];
  var base = document.currentScript ? document.currentScript.src : location.href;

  function make(node, attrs, children) {
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    (children || []).forEach(function (child) { node.append(child); });
    return node;
  }

  window.widgets = {
    // An element with these attributes and children (nodes or strings).
    el: function (tag, attrs, children) {
      return make(document.createElement(tag), attrs, children);
    },
    svgEl: function (tag, attrs, children) {
      return make(document.createElementNS("http://www.w3.org/2000/svg", tag), attrs, children);
    },
    // The page's language among the widgets' texts: Chinese on the Chinese site, else English.
    text: function (texts) {
      return texts[document.documentElement.lang.slice(0, 2) === "zh" ? "zh" : "en"];
    },
    // A widget's data, a JSON file beside this script.
    data: function (file) {
      return fetch(new URL(file, base)).then(function (response) {
        if (!response.ok) throw new Error(file + ": HTTP " + response.status);
        return response.json();
      });
    },
    // A region that scrolls sideways (on a phone) must be reachable by keyboard to scroll it:
    // a tab stop while it overflows, none otherwise, also when its content grows. ResizeObserver
    // reports once as soon as it observes, after layout: measuring at once would force a
    // layout of the page on load.
    reachable: function (box, content) {
      function update() {
        if (box.scrollWidth > box.clientWidth) box.setAttribute("tabindex", "0");
        else box.removeAttribute("tabindex");
      }
      if (!window.ResizeObserver) return update();
      var observer = new ResizeObserver(update);
      observer.observe(box);
      if (content) observer.observe(content);
    },
  };

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

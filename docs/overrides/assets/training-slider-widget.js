/* The training slider: move through the snapshots of a tiny model's training and see the
 * rows of its embedding table, drawn in two dimensions, gather by word class, while the
 * rows of words never in the text shrink towards the centre.
 *
 * A page asks for it with <div class="training-slider" hidden></div> (widgets.js then loads
 * training-slider.css and this script, on that page only). Everything it shows
 * is in training-slider.json, written from PyTorch by
 * examples/drawings/how_rows_learn_meaning.py and checked by the test suite: each word's
 * point (in the drawing's own units), the loss, how many words have a nearest neighbour of
 * their own class, the unseen rows' length. This script computes nothing; it only places
 * and says what the data holds. Without JavaScript the div stays hidden and the page's
 * static figure tells the same story.
 */
(function () {
  "use strict";

  var el = window.widgets.el, svgEl = window.widgets.svgEl;
  // One shape per class, so that the classes differ without colour (as in the figure).
  var SHAPES = {
    det: "M-4.1 -4.1H4.1V4.1H-4.1Z",
    adj: "M0 -5.3L4.8 3.8H-4.8Z",
    noun: "M4.8 0A4.8 4.8 0 1 1 -4.8 0A4.8 4.8 0 1 1 4.8 0Z",
    verb: "M0 -5.5L5.5 0L0 5.5L-5.5 0Z",
    unseen: "M-3.8 -3.8L3.8 3.8M-3.8 3.8L3.8 -3.8",
  };
  var ORDER = ["det", "adj", "noun", "verb", "unseen"];

  var TEXT = {
    en: {
      title: "Try it: move through training",
      note: "The positions come from one run of PyTorch\u00a02.13.0; on another machine a point may sit a fraction of a pixel away.",
      label: "Training step",
      names: { det: "determiner", adj: "adjective", noun: "noun", verb: "verb", unseen: "never in the text" },
      value: function (step, steps) { return "step " + step + " of " + steps; },
      picture: function (step) { return "The 24 rows of the table at step " + step + ", drawn in two dimensions"; },
      said: function (s, steps, seen) {
        return "Step " + s.step + " of " + steps + ": the loss on the whole text is " + s.loss + "; " +
          s.agree + " of the " + seen + " words in the text have a nearest neighbour of their own class; " +
          "the unseen words' rows are at " + s.unseen_length + "% of their starting length.";
      },
    },
    zh: {
      title: "动手试试：拖动滑块，看训练一步步推进",
      note: "各点的位置来自 PyTorch\u00a02.13.0 的一次运行；换一台机器，某个点可能偏移不到一个像素。",
      label: "训练步数",
      names: { det: "限定词", adj: "形容词", noun: "名词", verb: "动词", unseen: "文本中从未出现" },
      value: function (step, steps) { return "第 " + step + " 步，共 " + steps + " 步"; },
      picture: function (step) { return "第 " + step + " 步时嵌入表的 24 行，投影到二维平面"; },
      said: function (s, steps, seen) {
        return "第 " + s.step + " 步（共 " + steps + " 步）：整段文本上的损失为 " + s.loss + "；文本中的 " + seen +
          " 个词里，有 " + s.agree + " 个词的最近邻与自己同类；从未出现的词，行向量长度为初始长度的 " + s.unseen_length + "%。";
      },
    },
  };

  function mark(kind) {
    return svgEl("path", { class: "training-slider__mark is-" + kind, d: SHAPES[kind] });
  }

  var made = 0;

  function build(root, data) {
    var t = window.widgets.text(TEXT);
    var id = "training-slider-" + ++made;
    var size = data.size, half = size / 2, last = data.snapshots.length - 1;

    var picture = svgEl("svg", { class: "training-slider__picture", viewBox: "0 0 " + size + " " + size, role: "img" });
    picture.append(
      svgEl("rect", { class: "training-slider__frame", x: "0.5", y: "0.5", width: String(size - 1), height: String(size - 1) }),
      svgEl("path", { class: "training-slider__axis", d: "M" + half + " 0V" + size + "M0 " + half + "H" + size })
    );
    // The words in the text first, the unseen ones on top: at the end they meet in the middle.
    var order = data.words.map(function (_, i) { return i; });
    order.sort(function (a, b) { return (data.kinds[a] === "unseen") - (data.kinds[b] === "unseen") || a - b; });
    var marks = [];
    order.forEach(function (i) {
      // The words are the made-up language's own, the same on every page: English (lang="en").
      var g = svgEl("g", { "data-word": data.words[i], lang: "en" }, [svgEl("title", {}, [data.words[i]]), mark(data.kinds[i])]);
      marks[i] = g;
      picture.append(g);
    });

    var title = el("p", { class: "training-slider__title", id: id + "-title" }, [t.title]);
    var label = el("label", { for: id + "-range" }, [t.label]);
    var range = el("input", { type: "range", id: id + "-range", min: "0", max: String(last), step: "1", value: "0" });
    var stepShown = el("output", { for: id + "-range", class: "training-slider__step" });
    var said = el("p", { class: "training-slider__said", "aria-live": "polite" });
    var note = el("p", { class: "training-slider__note" }, [t.note]);
    var legend = el("ul", { class: "training-slider__legend" }, ORDER.map(function (kind) {
      var icon = svgEl("svg", { viewBox: "-7 -7 14 14", width: "14", height: "14", "aria-hidden": "true" }, [mark(kind)]);
      return el("li", {}, [icon, " " + t.names[kind]]);
    }));

    function show(n) {
      var s = data.snapshots[n];
      s.points.forEach(function (p, i) {
        marks[i].setAttribute("transform", "translate(" + p[0] + " " + p[1] + ")");
      });
      picture.setAttribute("aria-label", t.picture(s.step));
      range.setAttribute("aria-valuetext", t.value(s.step, data.steps));
      stepShown.textContent = t.value(s.step, data.steps);
      said.textContent = t.said(s, data.steps, data.seen);
      root.dataset.snapshot = String(n);
    }

    range.addEventListener("input", function () { show(Number(range.value)); });

    root.setAttribute("role", "group");
    root.setAttribute("aria-labelledby", title.id);
    var controls = el("div", { class: "training-slider__controls" }, [label, range, stepShown]);
    root.replaceChildren(title, controls, picture, legend, note, said);
    show(0);
    root.hidden = false;
  }

  window.widgets.data("training-slider.json").then(function (data) {
    document.querySelectorAll(".md-content .training-slider").forEach(function (root) { build(root, data); });
  });
})();

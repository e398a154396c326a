/* The look-up explorer: pick a token ID (or a word) and see its one-hot vector, its row of
 * the table, and the product one-hot × Wᵀ, which is that same row.
 *
 * A page asks for it with <div class="explorer" data-table="NAME" hidden></div>; widgets.js
 * then loads explorer.css and this script (on that page only). The numbers come from
 * explorer-data.json, written by examples/figures.py from PyTorch (and checked by the test
 * suite); this script only shows them. Without JavaScript the div stays hidden and the
 * page's static figures tell the same story. No framework, nothing from another host.
 */
(function () {
  "use strict";

  var el = window.widgets.el;

  var TEXT = {
    en: {
      pick: "Try it: pick a token ID",
      pickWord: "Try it: pick a word",
      onehot: "one-hot",
      table: "Wᵀ = embedding.weight",
      output: "one-hot × Wᵀ",
      row: function (i) { return "row " + i; },
      word: function (label, i) { return [token(label), " (" + i + ")"]; },
      said: function (label, id, values) {
        var who = label === String(id) ? ["ID " + id] : ["“", token(label), "” (ID " + id + ")"];
        return who.concat([": the one-hot vector has its 1 in slot " + id + " (counting from 0), so one-hot × Wᵀ is row " + id + " of the table: [" + values.join(", ") + "]"]);
      },
    },
    zh: {
      pick: "动手试试：选一个词元 ID",
      pickWord: "动手试试：选一个词",
      onehot: "独热向量",
      table: "Wᵀ = embedding.weight",
      output: "独热向量 × Wᵀ",
      row: function (i) { return "第 " + i + " 行"; },
      word: function (label, i) { return [token(label), "（" + i + "）"]; },
      said: function (label, id, values) {
        var who = label === String(id) ? ["ID " + id + " "] : ["“", token(label), "”（ID " + id + "）"];
        return who.concat(["的独热向量只在位置 " + id + "（从 0 数起）为 1，乘以 Wᵀ 正好取出嵌入表的第 " + id + " 行：[" + values.join(", ") + "]"]);
      },
    },
  };

  // A word of the page's vocabulary is a string of its code (English on every page): it is
  // shown as code, in its own language, inside a sentence of the page's language.
  function token(label) {
    return el("code", { lang: "en" }, [label]);
  }

  function build(root, data) {
    var t = window.widgets.text(TEXT);
    var words = data.labels.some(function (label, i) { return label !== String(i); });
    var rows = data.weight.length;

    var caption = words ? t.pickWord : t.pick;
    var group = el("div", { class: "explorer__ids", role: "radiogroup", "aria-label": caption });
    var buttons = data.labels.map(function (label, i) {
      var text = words ? t.word(label, i) : [label];
      var button = el("button", { type: "button", role: "radio", "aria-checked": "false", "data-id": String(i), tabindex: "-1" }, text);
      group.append(button);
      return button;
    });

    var onehot = el("table", { class: "explorer__onehot" });
    var onehotCells = [];
    var tbody = el("tbody");
    for (var i = 0; i < rows; i++) {
      var cell = el("td", {}, ["0"]);
      onehotCells.push(cell);
      tbody.append(el("tr", {}, [cell]));
    }
    onehot.append(el("caption", {}, [t.onehot]), tbody);

    var table = el("table", { class: "explorer__table" });
    var tableRows = data.weight.map(function (row, i) {
      var tr = el("tr", { "data-row": String(i) }, [el("th", { scope: "row" }, [t.row(i)])]);
      row.forEach(function (value) { tr.append(el("td", {}, [value])); });
      return tr;
    });
    table.append(el("caption", {}, [t.table]), el("tbody", {}, tableRows));

    var output = el("table", { class: "explorer__output" });
    var outputRow = el("tr");
    output.append(el("caption", {}, [t.output]), el("tbody", {}, [outputRow]));

    var said = el("p", { class: "explorer__said", "aria-live": "polite" });

    function select(id, focus) {
      buttons.forEach(function (button, i) {
        button.setAttribute("aria-checked", String(i === id));
        button.tabIndex = i === id ? 0 : -1;
      });
      onehotCells.forEach(function (cell, i) {
        cell.textContent = i === id ? "1" : "0";
        cell.classList.toggle("is-hot", i === id);
      });
      tableRows.forEach(function (tr, i) { tr.classList.toggle("is-selected", i === id); });
      outputRow.replaceChildren.apply(outputRow, data.product[id].map(function (value) { return el("td", {}, [value]); }));
      said.replaceChildren.apply(said, t.said(data.labels[id], id, data.product[id]));
      root.dataset.selected = String(id);
      if (focus) buttons[id].focus();
    }

    group.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-id]");
      if (button) select(Number(button.dataset.id), false);
    });
    group.addEventListener("keydown", function (event) {
      var current = Number(root.dataset.selected);
      var next = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: rows - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select((next + rows) % rows, true);
    });

    var times = el("span", { class: "explorer__op", "aria-hidden": "true" }, ["×"]);
    var equals = el("span", { class: "explorer__op", "aria-hidden": "true" }, ["="]);
    var title = el("p", { class: "explorer__title", id: root.dataset.table + "-explorer-title" }, [caption]);
    group.setAttribute("aria-labelledby", title.id);
    group.removeAttribute("aria-label");
    var result = el("div", { class: "explorer__result" }, [equals, output]);
    var panels = el("div", { class: "explorer__panels" }, [onehot, times, table, result]);
    root.replaceChildren(title, group, panels, said);
    select(Math.min(2, rows - 1), false);
    root.hidden = false;
    window.widgets.reachable(panels);
    window.widgets.reachable(result);
  }

  window.widgets.data("explorer-data.json").then(function (all) {
    document.querySelectorAll(".md-content .explorer[data-table]").forEach(function (root) {
      var data = all[root.dataset.table];
      if (!data) throw new Error("explorer data has no table '" + root.dataset.table + "'");
      build(root, data);
    });
  });
})();

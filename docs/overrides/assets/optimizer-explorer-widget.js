/* The optimizer explorer, loaded by widgets.js on the pages that show it: pick an
 * optimizer and the IDs each of three batches looks up, press Step, and a rows × steps grid
 * marks the rows that moved, by how much and why (● looked up, ▲ carried by the optimizer's
 * state, ◆ weight decay alone, · still), beside the optimizer's state after the last step
 * (momentum buffer, first moment, Adagrad's sum) and, for AdamW, what its decay took off.
 *
 * Every state it shows is in optimizer-steps.json, written from PyTorch runs by
 * examples/drawings/optimizers_and_untouched_rows.py and checked by the test suite; this
 * script only looks states up. Without JavaScript the page's div stays hidden and its
 * static figure tells the story.
 */
(function () {
  "use strict";

  var el = window.widgets.el;
  var MARK = { g: "●", m: "▲", d: "◆", "-": "·" };

  function rowList(rows, one, many, and) {
    if (rows.length === 1) return one + " " + rows[0];
    return many + " " + rows.slice(0, -1).join(", ") + and + rows[rows.length - 1];
  }

  var TEXT = {
    en: {
      title: "Try it: step an optimizer over the table",
      hint: "Pick an optimizer and the rows each step looks up, then press Step. Which rows move at a step that did not look them up? The columns on the right say why: the optimizer's state after the last step, and for AdamW what weight decay took off.",
      optimizer: "Optimizer",
      looksUp: function (k) { return "Step " + k + " looks up"; },
      step: "Step",
      reset: "Start again",
      names: { "SGD, momentum": "SGD, momentum 0.9" },
      state: { momentum_buffer: "momentum buffer", exp_avg: "first moment", sum: "sum of squared gradients" },
      caption: "Which rows each step moved",
      legend: "● looked up; ▲ not looked up, moved by the optimizer's state; ◆ not looked up, moved by weight decay alone; · did not move. The number is the largest change among the row's 3 numbers.",
      row: function (i) { return "row " + i; },
      stepHead: function (k) { return "step " + k; },
      after: function (k) { return "after step\u00a0" + k; },
      decay: "decay",
      at: function (k) { return "at step\u00a0" + k; },
      rows: function (rows) { return rowList(rows, "row", "rows", " and "); },
      kinds: {
        g: function (r) { return r + " moved (looked up)"; },
        m: function (r, state) { return r + " moved by the " + state + " (not looked up)"; },
        d: function (r) { return r + " moved by weight decay only"; },
        "-": function (r) { return r + " did not move"; },
      },
      said: function (k, name, batch, parts) { return "Step " + k + " with " + name + ", batch " + batch + ": " + parts.join("; ") + "."; },
      start: "Back to the start: no step taken yet.",
      done: "All 3 steps are taken: press Start again, or change a choice.",
    },
    zh: {
      title: "动手试试：让优化器在这张表上一步一步走",
      hint: "选一个优化器，再选每一步查哪些行，然后按“走一步”。哪些行在某一步没被查到，却仍然动了？右边几列给出原因：最后一步之后优化器的状态；对 AdamW，还有权重衰减减掉的量。",
      optimizer: "优化器",
      looksUp: function (k) { return "第 " + k + " 步查哪些行"; },
      step: "走一步",
      reset: "重新开始",
      names: { "SGD, momentum": "SGD（动量 0.9）" },
      state: { momentum_buffer: "动量缓冲区", exp_avg: "一阶矩", sum: "梯度平方和" },
      caption: "每一步改动了哪些行",
      legend: "● 查到了；▲ 没查到，靠优化器的状态移动；◆ 没查到，只因权重衰减而移动；· 没有移动。数字表示该行 3 个数中变化最大的一个变了多少。",
      row: function (i) { return "第 " + i + " 行"; },
      stepHead: function (k) { return "第 " + k + " 步"; },
      after: function (k) { return "第 " + k + " 步后"; },
      decay: "衰减",
      at: function (k) { return "第 " + k + " 步"; },
      rows: function (rows) { return "第 " + rows.join("、") + " 行"; },
      kinds: {
        g: function (r) { return r + "被查到而移动"; },
        m: function (r, state) { return r + "没被查到，靠" + state + "移动"; },
        d: function (r) { return r + "只因权重衰减而移动"; },
        "-": function (r) { return r + "没有移动"; },
      },
      said: function (k, name, batch, parts) { return "第 " + k + " 步（" + name + "，批量 " + batch + "）：" + parts.join("；") + "。"; },
      start: "回到起点：还没有走任何一步。",
      done: "3 步都已走完：按“重新开始”，或改一个选项。",
    },
  };

  var made = 0;

  function build(root, data) {
    var t = window.widgets.text(TEXT);
    var id = "optimizer-explorer-" + ++made;
    var presets = data.presets.map(function (ids) { return "[" + ids.join(", ") + "]"; });
    var steps = data.steps_max;
    var now = { optimizer: 0, batches: data.page_batches.slice(), taken: 0 };

    function group(name, legend, labels, checked, onChange) {
      var box = el("fieldset", { class: "optimizer-explorer__choice" }, [el("legend", {}, [legend])]);
      labels.forEach(function (label, i) {
        var input = el("input", { type: "radio", name: id + "-" + name, value: String(i) });
        input.checked = i === checked;
        input.addEventListener("change", function () { onChange(i); });
        box.append(el("label", {}, [input, " " + label]));
      });
      return box;
    }

    var nameOf = function (o) { return t.names[o.name] || o.name; };
    var choices = [group("optimizer", t.optimizer, data.optimizers.map(nameOf), now.optimizer, function (i) {
      now.optimizer = i;
      show(true);
    })];
    for (var k = 0; k < steps; k++) {
      choices.push(group("step" + k, t.looksUp(k + 1), presets, now.batches[k], (function (k) {
        return function (i) { now.batches[k] = i; show(k < now.taken); };
      })(k)));
    }

    var stepButton = el("button", { type: "button", class: "optimizer-explorer__step" }, [t.step]);
    var resetButton = el("button", { type: "button", class: "optimizer-explorer__reset" }, [t.reset]);
    var code = el("code");
    var said = el("p", { class: "optimizer-explorer__said", "aria-live": "polite" });

    var headRow = el("tr", {}, [el("td")]);
    var stepHeads = [];
    for (k = 0; k < steps; k++) {
      var head = el("th", { scope: "col" });
      stepHeads.push(head);
      headRow.append(head);
    }
    var stateHead = el("th", { scope: "col", class: "optimizer-explorer__state" });
    var decayHead = el("th", { scope: "col", class: "optimizer-explorer__state" });
    headRow.append(stateHead, decayHead);
    var cells = [], stateCells = [], decayCells = [];
    var body = el("tbody");
    for (var i = 0; i < data.rows; i++) {
      var tr = el("tr", {}, [el("th", { scope: "row" }, [t.row(i)])]);
      cells.push([]);
      for (k = 0; k < steps; k++) {
        var td = el("td", { "data-step": String(k + 1) });
        cells[i].push(td);
        tr.append(td);
      }
      stateCells.push(el("td", { class: "optimizer-explorer__state" }));
      decayCells.push(el("td", { class: "optimizer-explorer__state" }));
      tr.append(stateCells[i], decayCells[i]);
      body.append(tr);
    }
    var grid = el("table", { class: "optimizer-explorer__grid" }, [el("caption", {}, [t.caption]), el("thead", {}, [headRow]), body]);
    var scroller = el("div", { class: "optimizer-explorer__scroll" }, [grid]);

    // The state after step k (1-based) with the current choices: one entry per row.
    function rowsAfter(k) {
      var key = now.batches.slice(0, k).join(".");
      var optimizer = data.optimizers[now.optimizer];
      return data.steps[optimizer.name][key].split("; ").map(function (row) {
        var f = row.split(" ");
        return { kind: f[0], move: f[1], state: optimizer.state ? f[2] : null, decay: optimizer.decay ? f[f.length - 1] : null };
      });
    }

    function summary(k) {
      var optimizer = data.optimizers[now.optimizer];
      var state = optimizer.state && t.state[optimizer.state];
      var rows = rowsAfter(k);
      var parts = ["g", "m", "d", "-"].map(function (kind) {
        var which = [];
        rows.forEach(function (row, i) { if (row.kind === kind) which.push(i); });
        return which.length ? t.kinds[kind](t.rows(which), state) : null;
      }).filter(Boolean);
      return t.said(k, nameOf(optimizer), presets[now.batches[k - 1]], parts);
    }

    function show(speak) {
      var optimizer = data.optimizers[now.optimizer];
      code.textContent = "torch.optim." + optimizer.code;
      stepHeads.forEach(function (head, k) {
        head.replaceChildren(t.stepHead(k + 1), el("br"), el("span", { class: "optimizer-explorer__batch" }, [presets[now.batches[k]]]));
        head.classList.toggle("is-last", k + 1 === now.taken);
      });
      for (var k = 1; k <= steps; k++) {
        var rows = k <= now.taken ? rowsAfter(k) : null;
        cells.forEach(function (row, i) {
          var td = row[k - 1], r = rows && rows[i];
          td.className = r ? "is-" + { g: "looked-up", m: "carried", d: "decayed", "-": "still" }[r.kind] : "is-future";
          td.textContent = r ? (r.kind === "-" ? MARK[r.kind] : MARK[r.kind] + " " + r.move) : "";
        });
      }
      var last = now.taken ? rowsAfter(now.taken) : null;
      stateHead.hidden = !optimizer.state;
      decayHead.hidden = !optimizer.decay;
      // The state's name, and under it the step it is after (none before the first step),
      // its step number kept with its word when a phone wraps the heading (in Chinese, the
      // whole of it: Chinese breaks between any two characters).
      var step = function (words) { return now.taken ? [el("br"), el("span", { class: "optimizer-explorer__when" }, [words])] : []; };
      stateHead.replaceChildren.apply(stateHead, optimizer.state ? [t.state[optimizer.state]].concat(step(t.after(now.taken))) : []);
      decayHead.replaceChildren.apply(decayHead, [t.decay].concat(step(t.at(now.taken))));
      stateCells.forEach(function (td, i) {
        td.hidden = !optimizer.state;
        td.textContent = last && optimizer.state ? last[i].state : "";
      });
      decayCells.forEach(function (td, i) {
        td.hidden = !optimizer.decay;
        td.textContent = last && optimizer.decay ? last[i].decay : "";
      });
      root.dataset.taken = String(now.taken);
      // After a step, or a change to what the steps taken show: say what the last step did.
      if (speak) said.textContent = now.taken ? summary(now.taken) : "";
    }

    stepButton.addEventListener("click", function () {
      if (now.taken === steps) {
        said.textContent = t.done;
        return;
      }
      now.taken += 1;
      show(true);
    });
    resetButton.addEventListener("click", function () {
      now.taken = 0;
      show(false);
      said.textContent = t.start;
    });

    var title = el("p", { class: "optimizer-explorer__title", id: id + "-title" }, [t.title]);
    root.setAttribute("role", "group");
    root.setAttribute("aria-labelledby", title.id);
    var controls = el("div", { class: "optimizer-explorer__controls" }, choices);
    var buttons = el("div", { class: "optimizer-explorer__buttons" }, [stepButton, resetButton, code]);
    var legend = el("p", { class: "optimizer-explorer__legend" }, [t.legend]);
    var hint = el("p", { class: "optimizer-explorer__hint" }, [t.hint]);
    root.replaceChildren(title, hint, controls, buttons, scroller, legend, said);
    show(false);
    root.hidden = false;
    // Wider than a phone: the grid scrolls, and is a tab stop then (as in assets/a11y.js).
    window.widgets.reachable(scroller, grid);
  }

  window.widgets.data("optimizer-steps.json").then(function (data) {
    document.querySelectorAll(".md-content .optimizer-explorer:not(.jupyter-wrapper *)").forEach(function (root) { build(root, data); });
  });
})();

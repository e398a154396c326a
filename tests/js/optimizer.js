/* The optimizer explorer as shown: the grid's cells row by row, the state columns (state,
 * then decay), the spoken summary and its aria-live. */
checks.optimizerShown = root => ({
  cells: [...root.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll('td[data-step]')].map(td => td.textContent)),
  state: [...root.querySelectorAll('tbody td.optimizer-explorer__state')].filter(td => !td.hidden).map(td => td.textContent),
  said: root.querySelector('.optimizer-explorer__said').textContent,
  live: root.querySelector('.optimizer-explorer__said').getAttribute('aria-live'),
});

// Choose optimizer o and each step's batch as a click does, start again, take `steps` steps.
checks.optimizerChoose = (root, o, batches, steps) => {
  const groups = [...root.querySelectorAll('fieldset')];
  groups[0].querySelectorAll('input')[o].click();
  batches.forEach((b, k) => groups[k + 1].querySelectorAll('input')[b].click());
  root.querySelector('.optimizer-explorer__reset').click();
  for (let k = 0; k < steps; k++) root.querySelector('.optimizer-explorer__step').click();
};

/* Every plan [optimizer, batches]: chosen, then stepped to the end, the grid read after each
 * step. One JSON string: Playwright checks a returned structure value by value, which took
 * longer than the sweep itself. */
checks.optimizerSweep = (root, plans) => JSON.stringify(plans.map(([o, batches]) => {
  checks.optimizerChoose(root, o, batches, 0);
  return batches.map(() => (root.querySelector('.optimizer-explorer__step').click(), checks.optimizerShown(root)));
}));

/* The kinds of cell shown and the contrast of every text of the explorer (its colour over
 * its tints, down to the first opaque background), after these choices. */
checks.optimizerContrast = (root, [o, batches, steps]) => {
  checks.optimizerChoose(root, o, batches, steps);
  const own = e => [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim());
  return JSON.stringify({
    kinds: [...root.querySelectorAll('td[data-step]')].map(td => td.className),
    ratios: [...root.querySelectorAll('*')].filter(e => own(e) && e.getClientRects().length)
      .map(e => [`${e.tagName}.${e.className} ${e.textContent.trim().slice(0, 20)}`, checks.colour.text(e)]),
  });
};

/* The look-up explorer as shown: the chosen ID, the lit row, the one-hot column, the
 * product, and which ID has the focus. */
checks.explorerState = root => ({
  checked: [...root.querySelectorAll('[aria-checked=true]')].map(b => Number(b.dataset.id)),
  rows: [...root.querySelectorAll('.explorer__table tr.is-selected')].map(r => Number(r.dataset.row)),
  selectedRow: [...root.querySelectorAll('.explorer__table tr.is-selected td')].map(td => td.textContent),
  onehot: [...root.querySelectorAll('.explorer__onehot td')].map(td => td.textContent),
  output: [...root.querySelectorAll('.explorer__output td')].map(td => td.textContent),
  focused: document.activeElement.dataset.id,
});

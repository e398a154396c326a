/* What one load of a page shows, read in one pass: math, links, ids, fonts, the first
 * screen, the height, the widgets. */
checks.page = () => {
  const article = document.querySelector('article');
  const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const top = e => e.getBoundingClientRect().top + scrollY, bottom = e => e.getBoundingClientRect().bottom + scrollY;

  // TeX left as text (outside code and math): \top, \cdot, \times, $x.
  const tex = [];
  const walk = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {acceptNode: n =>
    n.parentElement.closest('pre, code, math, script, style') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
  while (walk.nextNode()) {
    const m = walk.currentNode.data.match(/\\(top|cdot|times)|\$[A-Za-z]/);
    if (m) tex.push(walk.currentNode.data.trim().slice(0, 60));
  }
  const maths = [...article.querySelectorAll('math')].map(e => {
    const r = e.getBoundingClientRect();
    return [getComputedStyle(e).display, r.width, r.height];
  });

  const seen = new Set(), duplicateIds = [];
  for (const e of document.querySelectorAll('[id]')) {
    if (seen.has(e.id)) duplicateIds.push(e.id);
    seen.add(e.id);
  }
  const cellTags = [...document.querySelectorAll('.cell-tag, .celltoolbar')].filter(visible).map(e => e.textContent.trim());
  const italicChinese = [];
  const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (text.nextNode()) {
    const t = text.currentNode, e = t.parentElement;
    if (/[\u4e00-\u9fff]/.test(t.data) && e && getComputedStyle(e).fontStyle !== 'normal' && visible(e))
      italicChinese.push(t.data.trim().slice(0, 20));
  }

  const first = article.querySelector(':scope > .highlight, :scope > .output');
  const output = first && first.nextElementSibling && first.nextElementSibling.matches('.output') ? first.nextElementSibling : null;
  const firstTrue = [...article.querySelectorAll('.output pre')].find(e => /\bTrue\b/.test(e.textContent));
  return {
    tex, maths, duplicateIds, cellTags, italicChinese,
    links: [...new Set([...document.querySelectorAll('a[href]')].map(a => a.href))],
    languages: Object.fromEntries([...document.querySelectorAll('.md-select__link[hreflang]')].map(a => [a.hreflang, a.href])),
    font: getComputedStyle(article.querySelector('p') || article).fontFamily,
    firstBlock: first ? [first.className, top(first), bottom(first)] : null,
    firstOutput: output ? [top(output), bottom(output), output.textContent] : null,
    firstTrue: firstTrue ? bottom(firstTrue) : null,
    height: document.documentElement.scrollHeight,
    codeBlocks: article.querySelectorAll('pre > code').length,
    cells: [document.querySelector('.jp-CodeCell'), document.querySelector('.jp-OutputArea-output pre')].map(e => !!e && visible(e)),
    widgets: [...article.querySelectorAll('[class]')].map(e => e.classList[0]).filter(c => ['explorer', 'optimizer-explorer', 'training-slider'].includes(c)),
    drawn: !!article.querySelector('.figure, .explorer'),
  };
};

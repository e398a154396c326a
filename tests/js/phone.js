/* What a page shows on a phone, every folded box open: the code and output blocks that
 * scroll sideways (all, the opening block's, a quiz question's), copy buttons over text,
 * figure text too small, and short technical tokens broken across two lines: those of
 * `tokens` (docs/hooks/typography.py's PATTERN) anywhere in the article's running text, and
 * inline code broken inside a word in headings and tables (everywhere, if `allCode`). */
checks.phone = (tokens, allCode) => {
  for (const d of document.querySelectorAll('article details')) d.open = true;
  const article = document.querySelector('article');
  const lines = rects => new Set(rects.filter(r => r.width > 0).map(r => Math.round(r.top / 8))).size;
  const broken = [];
  const text = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {acceptNode: n =>
    n.parentElement.closest('pre, svg, math, script, style') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
  const range = document.createRange();
  while (text.nextNode()) {
    const node = text.currentNode;
    for (const m of node.data.matchAll(new RegExp(tokens, 'g'))) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.top);
      if (tops.length && Math.max(...tops) - Math.min(...tops) > 8) broken.push(m[0]);
    }
  }
  // Inline code on more than one line: each line must end at a space, not inside a word.
  const codes = [...article.querySelectorAll(allCode ? 'code' : ':is(h1, h2, h3, h4, h5, h6, table) code')]
    .filter(c => !c.closest('pre') && c.getClientRects().length > 1);
  for (const code of codes) {
    const walk = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let last = null;  // [top, character] of the previous character
    while (walk.nextNode()) {
      const node = walk.currentNode;
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = [...range.getClientRects()].find(r => r.width > 0);
        if (!r) {  // a space at the end of a line has no box: it is still where the line broke
          if (last) last = [last[0], node.data[i]];
          continue;
        }
        if (last && r.top - last[0] > 8 && !/\s/.test(last[1] + node.data[i])) {
          broken.push(code.textContent);
          break;
        }
        last = [r.top, node.data[i]];
      }
    }
  }

  const scrolls = code => code.scrollWidth > code.clientWidth + 1;
  const longest = code => code.textContent.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');
  const codesIn = e => [...e.querySelectorAll('pre > code')];
  const blocks = codesIn(article);
  // The opening block: the first code block of the article, before its first section.
  const firstSection = article.querySelector(':scope > h2');
  let first = article.querySelector(':scope > .highlight');
  if (first && firstSection && firstSection.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) first = null;
  const firstOutput = first && first.nextElementSibling && first.nextElementSibling.matches('.output') ? first.nextElementSibling : null;
  const needed = [first, firstOutput, ...article.querySelectorAll('.quiz__question')].filter(Boolean);
  const covered = [];
  for (const pre of article.querySelectorAll('pre')) {
    const button = pre.querySelector('.md-code__nav button');
    if (!button || !button.getClientRects().length) continue;
    const b = button.getBoundingClientRect(), walk = document.createTreeWalker(pre.querySelector('code'), NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      range.selectNodeContents(walk.currentNode);
      if ([...range.getClientRects()].some(r => r.width > 0 && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom)) {
        covered.push(pre.textContent.trim().split('\n')[0].slice(0, 40));
        break;
      }
    }
  }
  const smallText = [];
  for (const svg of article.querySelectorAll('.figure > svg')) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const t of svg.querySelectorAll('text')) {
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (px < 9) smallText.push([svg.closest('figure').id, t.textContent, Math.round(px * 10) / 10]);
    }
  }
  return {
    blocks: blocks.length, scrolling: blocks.filter(scrolls).map(longest),
    neededScrolling: needed.flatMap(codesIn).filter(scrolls).map(longest),
    covered, smallText, broken, pageWidth: document.documentElement.scrollWidth,
  };
};

/* The interface text of a page: what the theme, the overrides, the hooks and the widgets
 * put on it (titles, labels, attributes, and the text inside `selector`), in the page's
 * own language (text marked as another language, such as the language list's "English",
 * is left out; navigation entries are the pages' own titles: author text). */
checks.interfaceTexts = selector => {
  const mine = e => (e.closest('[lang]')?.lang || '') === document.documentElement.lang;
  const found = [];
  for (const e of document.querySelectorAll('[title], [aria-label], [placeholder], [alt], [aria-description]'))
    if (mine(e)) for (const a of ['title', 'aria-label', 'placeholder', 'alt', 'aria-description'])
      if (e.getAttribute(a)) found.push(e.getAttribute(a));
  for (const part of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const parent = walk.currentNode.parentElement;
      if (mine(parent) && !parent.closest('script, style, code, pre, kbd, math, .md-nav__item'))
        found.push(walk.currentNode.textContent.trim());
    }
  }
  return found.filter(Boolean);
};

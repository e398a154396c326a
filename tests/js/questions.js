/* The answers of the questions page, every box closed: per answer its anchor, title and
 * height (from the top of its H2 to the top of the next, or to the end of the article's
 * last element), and the room one screen gives under the sticky header. */
checks.answerHeights = () => {
  for (const d of document.querySelectorAll('article details')) d.open = false;
  const article = document.querySelector('article');
  const h2s = [...article.querySelectorAll('h2[id]')];
  const top = e => e.getBoundingClientRect().top + scrollY;
  const last = [...article.children].filter(e => e.getClientRects().length).pop();
  const end = last.getBoundingClientRect().bottom + scrollY;
  const header = document.querySelector('.md-header').getBoundingClientRect().height;
  return {room: innerHeight - header, answers: h2s.map((h, i) => ({
    anchor: h.id, title: h.textContent.replace(/\s+$/, ''),
    height: Math.round((i + 1 < h2s.length ? top(h2s[i + 1]) : end) - top(h))}))};
};

/* The two halves of tests/accessibility.py's axe run (its docstring says why).
 *
 * prepareAxe: mark the text the two contrast rules must check: one element of each kind
 * not seen on this page or an earlier one, and every element whose backdrop cannot be
 * told from its ancestors. The rules visit only marked elements (visiting all is most of
 * their cost). Returns the kinds first seen here and how many elements are marked. */
checks.prepareAxe = ([seen, exceptions, targets]) => {
  seen = new Set(seen);
  const fresh = new Set(), clear = 'rgba(0, 0, 0, 0)', backdrops = new Map();
  const backdrop = e => {  // what is painted behind e, as a key: null if unsure
    if (!e) return 'canvas';
    if (backdrops.has(e)) return backdrops.get(e);
    const s = getComputedStyle(e), parts = [];
    let found = null;
    if (s.filter === 'none' && s.backgroundImage === 'none') {
      if (s.opacity !== '1') parts.push('opacity ' + s.opacity);
      const floats = ['absolute', 'fixed'].includes(s.position);  // over whatever lies there
      if (s.backgroundColor !== clear) parts.push(s.backgroundColor);
      const under = s.backgroundColor.startsWith('rgb(') ? '' : floats ? lying(e) : backdrop(e.parentElement);
      found = under === null ? null : parts.concat(under).join(' ');
    }
    backdrops.set(e, found);
    return found;
  };
  // What lies behind a floating box: the elements under the middle of it, as axe itself
  // finds a text's background (elementsFromPoint), down to the first opaque one; null when
  // the middle is off the screen (then the text is always checked).
  const lying = e => {
    const r = e.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
    const colours = [];
    for (const u of document.elementsFromPoint(x, y)) {
      if (u === e || e.contains(u)) continue;
      const us = getComputedStyle(u);
      if (us.filter !== 'none' || us.backgroundImage !== 'none') return null;
      if (us.opacity !== '1') colours.push('opacity ' + us.opacity);
      if (us.backgroundColor !== clear) colours.push(us.backgroundColor);
      if (us.backgroundColor.startsWith('rgb(')) return 'over ' + colours.join(' ');
    }
    return 'over ' + colours.concat('canvas').join(' ');
  };
  const text = e => e.matches('input, select, textarea') || [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim());
  for (const e of document.body.querySelectorAll('[data-contrast-check], [data-link-check]')) {
    e.removeAttribute('data-contrast-check');
    e.removeAttribute('data-link-check');
  }
  for (const e of document.body.querySelectorAll('*')) {
    const link = e.matches('a[href], [role=link]');
    if (!(link || text(e)) || !e.getClientRects().length) continue;
    // axe reads SVG text as HTML text: its CSS colour (our figures fill text with it) on
    // the backgrounds behind it, shapes being transparent to it; so do we.
    const bg = backdrop(e);
    const s = getComputedStyle(e), kinds = [];
    if (text(e)) kinds.push(['contrast', [s.color, s.fontSize, s.fontWeight, s.textShadow, bg]]);
    if (link) kinds.push(['link', [s.color, s.textDecorationLine, s.borderBottomStyle, s.fontWeight, bg, getComputedStyle(e.parentElement).color]]);
    for (const [rule, values] of kinds) {
      const kind = rule + values.join();
      if (bg === null) e.setAttribute(`data-${rule}-check`, '');
      else if (!seen.has(kind) && !fresh.has(kind)) fresh.add(kind), e.setAttribute(`data-${rule}-check`, '');
    }
  }
  window.axe.configure({rules: [
    {id: 'color-contrast', selector: '[data-contrast-check]'},
    {id: 'link-in-text-block', selector: '[data-link-check]'},
    {id: 'target-size', selector: targets},
    ...exceptions.map(id => ({id, enabled: false}))]});
  return [[...fresh], document.querySelectorAll('[data-contrast-check], [data-link-check]').length];
};

/* runAxe: axe.run with the syntax tokens the colour rules do not visit as plain text: such
 * a span carries nothing but its colour; every block is put back as it was before anything
 * else looks. A block holding anything else (a link, an id, an attribute, a nested element)
 * is left whole. Returns the ids of the rules that found something. */
checks.runAxe = async options => {
  if (document.querySelector('iframe, frame')) throw new Error('a frame on the page: run axe with iframes');
  const marks = ['class', 'data-contrast-check', 'data-link-check'];
  const token = e => e.tagName === 'SPAN' && !e.childElementCount && [...e.attributes].every(a => marks.includes(a.name));
  const blocks = [...document.querySelectorAll('pre > code')]
    .filter(c => c.querySelectorAll('*').length === c.childElementCount && [...c.children].every(token));
  const saved = blocks.map(c => [...c.childNodes]);
  for (const c of blocks)
    c.replaceChildren(...[...c.childNodes].map(n => n.nodeType === 1 && n.attributes.length < 2 ? n.textContent : n));
  try { return (await axe.run(document, options)).violations.map(v => v.id); }
  finally { blocks.forEach((c, i) => c.replaceChildren(...saved[i])); }
};

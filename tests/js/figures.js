/* The inline figures of a page (.figure > svg) as drawn: their size, their text colour,
 * their weight and the contrast of each text. axe cannot see the last: it takes SVG text
 * for HTML text on the page's background, but ours is filled (and faded, on skipped rows)
 * over tinted cells. Each text's fill, with its opacity, over the shapes under its centre
 * (in drawing order; a shape's box stands for its area: the cells are boxes), over what
 * is behind the figure. All our figure text is small (under 18 px). */
checks.figures = () => {
  const {parse, over, ratio, behind, opacity} = checks.colour;
  const page = getComputedStyle(document.querySelector('article')).color;
  return [...document.querySelectorAll('.figure > svg')].map(svg => {
    const box = svg.getBoundingClientRect(), back0 = behind(svg), top = svg.parentElement;
    const shapes = [...svg.querySelectorAll('rect, path, circle, ellipse, polygon, use')]
      .filter(r => !r.closest('defs, clipPath, mask, marker, pattern, symbol') && getComputedStyle(r).fill.startsWith('rgb'))
      .map(r => {  // read once, not once per text
        const s = getComputedStyle(r), fill = parse(s.fill);
        return [r.getBoundingClientRect(), fill, fill[3] * Number(s.fillOpacity) * opacity(r, top)];
      });
    const texts = [...svg.querySelectorAll('text')].map(t => {
      const b = t.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
      let back = back0;
      for (const [r, fill, alpha] of shapes)
        if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) back = over(fill, alpha, back);
      const s = getComputedStyle(t), fill = parse(s.fill);
      return [t.textContent, ratio(over(fill, fill[3] * Number(s.fillOpacity) * opacity(t, top), back), back)];
    });
    const first = svg.querySelector('text');
    return {
      id: svg.closest('figure').id, width: box.width, height: box.height,
      // drawn in the page's text colour (currentColor), so it follows the scheme
      inPageColour: !first || getComputedStyle(first).fill === page,
      bytes: new Blob([svg.outerHTML]).size,
      texts,
    };
  });
};

/* WCAG 2 contrast: the one measure every browser test uses (figure text over its cells,
 * a widget's text on its tint, a focus ring against what lies behind it). */
checks.colour = (() => {
  // A computed colour, rgb() or rgba(), as [r, g, b, alpha].
  const parse = css => {
    const v = css.match(/[\d.]+/g).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  // A colour painted at `alpha` over another (both [r, g, b]).
  const over = (top, alpha, under) => under.map((u, i) => top[i] * alpha + u * (1 - alpha));
  // WCAG 2's relative luminance and contrast ratio.
  const luminance = c => {
    const l = c.slice(0, 3).map(v => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };
  // What is painted behind element e's content: its own background and its ancestors',
  // composited down to the first opaque one (over a white canvas if none is).
  const behind = e => {
    const layers = [];
    for (let a = e; a; a = a.parentElement) {
      const c = parse(getComputedStyle(a).backgroundColor);
      layers.push(c);
      if (c[3] === 1) break;
    }
    return layers.reverse().reduce((back, c) => over(c, c[3], back), [255, 255, 255]);
  };
  // The opacity e is drawn with: its own times its ancestors' (up to, not including, `top`).
  const opacity = (e, top) => {
    let o = 1;
    for (let a = e; a && a !== top; a = a.parentElement) o *= Number(getComputedStyle(a).opacity);
    return o;
  };
  // The contrast of e's own text: its colour over what is behind it.
  const text = e => {
    const back = behind(e), fg = parse(getComputedStyle(e).color);
    return ratio(over(fg, fg[3], back), back);
  };
  return {parse, over, luminance, ratio, behind, opacity, text};
})();

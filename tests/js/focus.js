/* The focus ring of what has the keyboard focus, as a reader sees it: drawn on the element,
 * or for a radio button or checkbox on its label (where this site's CSS draws it). */
checks.focusRing = () => {
  const e = document.activeElement;
  const ringed = e.matches('input[type=radio], input[type=checkbox]') ? e.closest('label') || e : e;
  const s = getComputedStyle(ringed), {parse, over, behind, ratio} = checks.colour;
  const back = behind(ringed.parentElement || ringed), ring = parse(s.outlineColor);
  return {
    what: `${e.tagName.toLowerCase()}.${e.className} ${(e.value || e.textContent).trim().slice(0, 30)}`,
    style: s.outlineStyle,
    width: parseFloat(s.outlineWidth),
    ratio: ratio(over(ring, ring[3], back), back),  // the ring against what lies behind it
  };
};

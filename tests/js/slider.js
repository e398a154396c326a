/* The training slider as shown: the slider's value, each word's mark, the step shown and
 * said, the spoken summary and the picture's name, and whether the slider has the focus. */
checks.sliderState = root => {
  const range = root.querySelector('input[type=range]');
  return {
    value: Number(range.value),
    marks: Object.fromEntries([...root.querySelectorAll('g[data-word]')].map(g => [g.dataset.word, g.getAttribute('transform')])),
    step: root.querySelector('output').textContent,
    valuetext: range.getAttribute('aria-valuetext'),
    said: root.querySelector('[aria-live]').textContent,
    live: root.querySelector('[aria-live]').getAttribute('aria-live'),
    picture: root.querySelector('svg[role=img]').getAttribute('aria-label'),
    focused: document.activeElement === range,
  };
};

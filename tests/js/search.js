/* Type each query into Material's search box as an input method commits text (CJK is
 * never typed key by key): the text arrives at once and the key that committed it comes
 * up (Material reads on keyup). Returns, per query, the links of its results, or null if
 * none came within 10 s. */
checks.search = async queries => {
  const box = document.querySelector('.md-search__input'), items = '.md-search-result__item';
  const until = async (ok, ms = 10000) => {
    for (const end = Date.now() + ms; !ok(); await new Promise(r => setTimeout(r, 10)))
      if (Date.now() > end) return false;
    return true;
  };
  const type = (text, key) => {
    box.value = text;
    box.dispatchEvent(new InputEvent('input', {bubbles: true, data: text, inputType: 'insertText'}));
    box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true, key}));
  };
  const found = [];
  for (const query of queries) {
    type('', 'Backspace');
    await until(() => !document.querySelector(items));
    type(query, /^[\x00-\x7f]*$/.test(query) ? query.slice(-1) : 'Process');
    found.push(await until(() => document.querySelector(items))
      ? [...document.querySelectorAll('.md-search-result__link')].map(a => a.href) : null);
  }
  return found;
};

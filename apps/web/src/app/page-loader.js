// The one script of a prerendered page (prerender.mjs puts it in the page; the server allows it
// by its hash). The page is whole without the app, so the app loads after the first paint, all
// its chunks for this page in one round. Until it has hydrated, a button click or a form
// submission is held here and done again afterwards (early-input.ts) instead of being lost;
// links need no holding: they work as they are.
(() => {
  // prerender.mjs writes the page's own here: the entry module and every chunk it needs at start.
  const page = { entry: '', chunks: [] };
  const held = [];
  const hold = (event) => {
    if (event.type === 'submit') {
      // Left alone, the form would reload the page with the query in the address.
      event.preventDefault();
      // Its button, clicked again later: React hydrates on a click, not on a submit event.
      held.push(event.submitter ?? event.target);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button's click comes back as its form's submit event.
    if (button && !(button.type === 'submit' && button.form)) held.push(button);
  };
  addEventListener('click', hold, true);
  addEventListener('submit', hold, true);
  window.graspEarlyInput = () => {
    removeEventListener('click', hold, true);
    removeEventListener('submit', hold, true);
    return held.splice(0);
  };
  requestAnimationFrame(() =>
    setTimeout(() => {
      const links = page.chunks.map((href) =>
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href }),
      );
      document.head.append(...links);
      import(page.entry);
    }),
  );
})();

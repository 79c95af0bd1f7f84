// The one script of a prerendered page (prerender.mjs puts it in the page; the server allows it
// by its hash). The page is whole without the app, so the app loads after the first paint, all
// its chunks for this page in one round. Until it has hydrated, a button click or a form
// submission is held here and done again afterwards (early-input.ts) instead of being lost;
// links need no holding: they work as they are.
(() => {
  // prerender.mjs writes the page's own here: the entry module, every chunk it needs at start,
  // and the app's stylesheets (the page holds only the rules its own markup uses).
  const page = { entry: '', chunks: [], styles: [] };
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
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    const link = (rel, href) => Object.assign(document.createElement('link'), { rel, href });
    const sheets = page.styles.map((href) => link('stylesheet', href));
    // The app may show what only the whole sheet styles as soon as it runs, so it runs after it.
    const styled = sheets.map(
      (sheet) =>
        new Promise((done) => {
          sheet.onload = done;
          sheet.onerror = done;
        }),
    );
    document.head.append(...page.chunks.map((href) => link('modulepreload', href)), ...sheets);
    Promise.all(styled).then(() => import(page.entry));
  };
  // The paint entry comes once the first paint is on screen, which can be well after the frame
  // was drawn; a request made in between still takes the line from the page. The timer covers a
  // browser that never reports it.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      setTimeout(load);
    });
    painted.observe({ type: 'paint', buffered: true });
    setTimeout(load, 3000);
  } else {
    requestAnimationFrame(() => setTimeout(load));
  }
})();

// The one script of a prerendered public page (prerender.mjs puts it in the page; the server
// allows it by its hash). The page works as HTML: links, the search form (a GET to /dashboard),
// the FAQ and the menu need no app. So a visitor's page never loads the app unless a button asks
// for it: pointing at or focusing a button starts it, and a click that comes first is held here
// and done again once the app has hydrated (early-input.ts). A signed-in user's page shows the
// user's own controls, so it starts the app after the first paint. The theme switch works here.
(() => {
  // prerender.mjs writes the page's own here: the entry module, every chunk it needs at start,
  // and the app's stylesheets (the page holds only the rules its own markup uses).
  const page = { entry: '', chunks: [], styles: [] };
  const root = document.documentElement;
  const listen = (type, handler) => addEventListener(type, handler, true);
  const unlisten = (type, handler) => removeEventListener(type, handler, true);
  const held = [];

  const link = (rel, href) => Object.assign(document.createElement('link'), { rel, href });
  let fetched = false;
  // Into the cache only, not run: the next page of the app, or a button, will want them.
  const prefetch = () => {
    if (fetched) return;
    fetched = true;
    document.head.append(...[page.entry, ...page.chunks].map((href) => link('prefetch', href)));
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
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

  // Outside React's markup (it owns #root only), so hydration finds what it rendered.
  const waiting = () => {
    document.body.style.cursor = 'progress';
  };

  // The page was rendered in the light theme; its switches tell which one they lead to.
  const labelToggles = (dark) => {
    for (const button of document.querySelectorAll('[data-theme-toggle]')) {
      button.setAttribute('aria-pressed', String(dark));
      button.setAttribute('aria-label', dark ? 'Switch to light mode' : 'Switch to dark mode');
      button.setAttribute('title', dark ? 'Light mode' : 'Dark mode');
    }
  };
  labelToggles(root.classList.contains('dark'));
  // The app's settings store (settings-store.ts) reads the same record when it starts.
  const switchTheme = () => {
    const dark = !root.classList.contains('dark');
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    labelToggles(dark);
    try {
      const saved = JSON.parse(localStorage.getItem('grasp-settings') || 'null');
      const record = saved && typeof saved.state === 'object' ? saved : { state: {}, version: 0 };
      record.state.darkMode = dark;
      localStorage.setItem('grasp-settings', JSON.stringify(record));
    } catch {
      // Storage refused: the theme holds for this page.
    }
  };

  const buttonOf = (event) =>
    event.target instanceof Element ? event.target.closest('button') : null;
  // What works without the app: the theme switch (here), the menu's popover button (the
  // browser) and a GET form's submit button (the form goes where it says).
  const worksWithoutApp = (button) =>
    button.hasAttribute('data-theme-toggle') ||
    button.hasAttribute('popovertarget') ||
    (button.type === 'submit' &&
      button.form?.method === 'get' &&
      button.form.hasAttribute('action'));
  const hold = (control) => {
    // A double click is one intent, done once.
    if (!held.includes(control)) held.push(control);
    waiting();
    start();
  };
  const onIntent = (event) => {
    const button = buttonOf(event);
    if (button && !worksWithoutApp(button)) start();
    else if (event.target instanceof Element && event.target.closest('a[href^="/"]')) prefetch();
  };
  const onClick = (event) => {
    const button = buttonOf(event);
    if (button?.hasAttribute('data-theme-toggle')) {
      switchTheme();
      return;
    }
    // A link in the open menu: a section of this same page scrolls into view, the menu folds.
    const menu =
      event.target instanceof Element ? event.target.closest('a')?.closest('[popover]') : null;
    if (menu?.matches(':popover-open')) menu.hidePopover();
    if (!button || worksWithoutApp(button)) return;
    // Any other submit button's click comes back as its form's submit event.
    if (button.type === 'submit' && button.form) return;
    event.preventDefault();
    hold(button);
  };
  const onSubmit = (event) => {
    const form = event.target;
    // A blank search is ignored (SPEC.md §2): the box keeps the focus for the next try.
    const query = form.querySelector('input[name="q"]');
    if (query && !query.value.trim()) {
      event.preventDefault();
      query.focus();
      return;
    }
    // A GET form goes where it says as it is; any other waits for the app, which sends it.
    if (form.method === 'get' && form.hasAttribute('action')) return;
    event.preventDefault();
    hold(event.submitter ?? form);
  };
  const handlers = [
    ['pointerover', onIntent],
    ['focusin', onIntent],
    ['touchstart', onIntent],
    ['click', onClick],
    ['submit', onSubmit],
  ];
  for (const [type, handler] of handlers) listen(type, handler);
  // Starts the app at once, as if a button wanted it (the e2e tests' way to a hydrated page).
  window.graspStartApp = start;
  // main.tsx calls this as it hydrates: from then on React handles every event itself.
  window.graspEarlyInput = () => {
    for (const [type, handler] of handlers) unlisten(type, handler);
    document.body.style.cursor = '';
    return held.splice(0);
  };

  if (!root.classList.contains('signed-in')) return;
  // The paint entry comes once the first paint is on screen, which can be well after the frame
  // was drawn; a request made in between still takes the line from the page. The timer covers a
  // browser that never reports it.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      setTimeout(start);
    });
    painted.observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  } else {
    requestAnimationFrame(() => setTimeout(start));
  }
})();

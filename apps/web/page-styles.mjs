/**
 * Puts into a prerendered page (prerender.mjs) the rules of the app's stylesheet that its markup
 * uses, in place of the link: the first paint needs no request and parses half the sheet or less.
 * The whole sheet still comes, with the app's script, for what the app shows later. It comes
 * whole, not as the unused rest: a rest loaded after the page's rules would win ties of order it
 * loses in the sheet (`hidden` over `sm:flex`).
 */
import Beasties from 'beasties';

const LINK = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/g;
/**
 * Rules Beasties cannot match against the markup, kept whole: Tailwind writes space-y, divide-y,
 * group-open and peer variants as `:where(…)` and `:is(…)`, and Beasties strips such a selector to
 * nothing. They are few.
 */
const WRAPPED_SELECTOR = /^:(where|is)\(/;
/**
 * Rules for states the markup only reaches in the browser: a signed-in user's page (the class
 * before-paint.js puts on <html>) and an open popover (the mobile menu).
 */
const BROWSER_STATES = /\.signed-in\b|:popover-open/;

/**
 * `html` with its stylesheet links replaced by the rules its markup uses, and the links' site
 * paths. Only the CSS comes from Beasties: the markup stays as React rendered it, so hydration
 * finds what it expects. `allowRules`: more selectors to keep whole.
 */
export async function inlinePageStyles(html, page, dist, allowRules = []) {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    preload: false,
    allowRules: [WRAPPED_SELECTOR, BROWSER_STATES, ...allowRules],
    logLevel: 'warn',
  });
  const processed = await beasties.process(html);
  const used = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css);
  const links = [...html.matchAll(LINK)];
  if (used.length !== links.length) {
    throw new Error(`${page}: ${links.length} stylesheets became ${used.length} styles`);
  }
  let result = html;
  links.forEach(([tag], i) => {
    result = result.replace(tag, () => `<style>${used[i]}</style>`);
  });
  return { html: result, sheets: links.map(([, href]) => href) };
}

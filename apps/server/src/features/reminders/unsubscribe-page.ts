import type { LanguageId } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import { translate } from '../../lib/i18n.ts';

const page = (language: LanguageId, body: string) => {
  const title = escapeHtml(translate(language, 'reminder.pageTitle'));
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4f46e5;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#6366f1}</style></head>
<body><main><h1>${title}</h1>${body}<p><a href="/">Grasp</a></p></main></body></html>`;
};

/**
 * The unsubscribe link's pages, in the language of the mail that carried the link: a GET only
 * shows the button (link scanners must not unsubscribe).
 */
export const unsubscribePage = {
  confirm: (language: LanguageId, action: string) =>
    page(
      language,
      `<form method="post" action="${encodeURI(action)}"><button type="submit">${escapeHtml(translate(language, 'reminder.unsubscribeAction'))}</button></form>`,
    ),
  unsubscribed: (language: LanguageId) =>
    page(
      language,
      `<p role="status">${escapeHtml(translate(language, 'reminders.unsubscribed'))}</p>`,
    ),
};

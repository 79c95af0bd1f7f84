import { REMINDER_MESSAGES as M } from '@grasp/contract';

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>Grasp reminders</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4f46e5;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#6366f1}</style></head>
<body><main><h1>Grasp reminders</h1>${body}<p><a href="/">Grasp</a></p></main></body></html>`;

/** The unsubscribe link's pages: a GET only shows the button (link scanners must not unsubscribe). */
export const unsubscribePage = {
  confirm: (action: string) =>
    page(
      `<form method="post" action="${encodeURI(action)}"><button type="submit">${M.unsubscribeAction}</button></form>`,
    ),
  message: (text: string) => page(`<p role="status">${text}</p>`),
};

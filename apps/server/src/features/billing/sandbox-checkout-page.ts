import { formatPrice, PLANS, PRODUCT_NAME } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { SandboxTransaction } from './gateways/sandbox-ledger.ts';

// Inline styles only: our CSP allows them but no inline script, and the page needs none.
const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #f1f5f9; color: #0f172a; }
  main { max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
  .card { background: #fff; border-radius: 1rem; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
  .banner { background: #fef3c7; color: #78350f; border: 2px dashed #d97706; border-radius: .5rem;
    padding: .75rem; font-weight: 700; text-align: center; letter-spacing: .02em; }
  h1 { font-size: 1.25rem; margin: 1.25rem 0 .25rem; }
  .amount { font-size: 2.5rem; font-weight: 800; margin: .5rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; font-size: .875rem; }
  dt { color: #64748b; } dd { margin: 0; word-break: break-all; }
  .actions { display: grid; gap: .5rem; margin-top: 1.5rem; }
  button, a.button { font: inherit; font-weight: 600; padding: .75rem 1rem; border-radius: .5rem;
    border: 1px solid #cbd5e1; background: #fff; color: inherit; cursor: pointer;
    text-align: center; text-decoration: none; }
  button.pay { background: #4f46e5; border-color: #4f46e5; color: #fff; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #818cf8; outline-offset: 2px; }
  p.note { font-size: .875rem; color: #64748b; }
  @media (prefers-color-scheme: dark) {
    body { background: #020617; color: #f1f5f9; }
    .card { background: #0f172a; box-shadow: none; border: 1px solid #1e293b; }
    .banner { background: #451a03; color: #fde68a; }
    button, a.button { background: #1e293b; border-color: #334155; }
    dt, p.note { color: #94a3b8; }
  }`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<p class="banner" role="note">TEST CHECKOUT — no real money</p>
${body}
</div>
</main>
</body>
</html>`;
}

/** The sandbox's hosted checkout: what a customer sees on the gateway's own page. */
export function checkoutPage(tx: SandboxTransaction, action: string): string {
  const amount = formatPrice(tx.amountPaise / 100);
  return layout(
    `Test checkout · ${amount}`,
    `<h1>Pay ${escapeHtml(PRODUCT_NAME)} ${escapeHtml(PLANS.pro.name)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(PLANS.pro.name)}, one ${escapeHtml(PLANS.pro.period)}</dd>
<dt>Transaction</dt><dd>${escapeHtml(tx.merchantTransactionId)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit" name="outcome" value="pay" class="pay">Pay ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="fail">Simulate a failed payment</button>
<button type="submit" name="outcome" value="cancel">Cancel</button>
</form>
<p class="note">This is the built-in sandbox gateway. No card is asked for and nothing is
charged; choosing Pay starts a Pro plan as a real payment would.</p>`,
  );
}

/** A plain message page: unknown transaction, or one already settled. */
export function messagePage(title: string, text: string, link?: { href: string; label: string }) {
  const back = link
    ? `<div class="actions"><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>`
    : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}`);
}

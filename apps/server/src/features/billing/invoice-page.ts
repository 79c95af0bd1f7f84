import { findIndianState, PLANS, PRODUCT_NAME } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import { GST_RATE_PERCENT } from './invoice-tax.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/** The seller as printed on an invoice (from SELLER_* at the time it was issued). */
export interface Seller {
  name: string;
  address: string;
  gstin: string | null;
  stateCode: string;
}

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const stateLabel = (code: string | null) => {
  const state = code ? findIndianState(code) : undefined;
  return state ? `${state.name} (${state.code})` : 'Not given';
};

// Inline styles only (our CSP allows them, no script); black on white so it prints as it shows.
const STYLE = `
  body { font-family: system-ui, sans-serif; color: #111; background: #fff; margin: 0; }
  main { max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; margin: 1.5rem 0; }
  h2 { font-size: .8rem; text-transform: uppercase; letter-spacing: .05em; color: #555; margin: 0 0 .25rem; }
  p { margin: 0 0 .25rem; }
  table { width: 100%; border-collapse: collapse; margin-top: 1rem; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #ddd; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  tr.total td { font-weight: 700; border-bottom: 2px solid #111; }
  .note { font-size: .8rem; color: #555; margin-top: 1.5rem; }
  @media print { main { margin: 0; } }`;

/** A printable tax invoice (DESIGN.md §12), GST included in the price. */
export function invoicePage(invoice: InvoiceRow): string {
  const seller = JSON.parse(invoice.seller_json) as Seller;
  const sellerState = findIndianState(seller.stateCode);
  const half = GST_RATE_PERCENT / 2;
  const localName = sellerState?.ut ? 'UTGST' : 'SGST';
  const taxRows =
    invoice.igst_paise > 0 || invoice.cgst_paise + invoice.sgst_paise === 0
      ? `<tr><td>IGST @ ${GST_RATE_PERCENT}%</td><td class="num">${rupees(invoice.igst_paise)}</td></tr>`
      : `<tr><td>CGST @ ${half}%</td><td class="num">${rupees(invoice.cgst_paise)}</td></tr>
<tr><td>${localName} @ ${half}%</td><td class="num">${rupees(invoice.sgst_paise)}</td></tr>`;
  const issued = new Date(invoice.issued_at).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Tax invoice ${escapeHtml(invoice.invoice_number)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Tax invoice</h1>
<p>Invoice number <strong>${escapeHtml(invoice.invoice_number)}</strong> · ${escapeHtml(issued)}</p>
<div class="grid">
<section><h2>Seller</h2>
<p>${escapeHtml(seller.name)}</p><p>${escapeHtml(seller.address)}</p>
<p>GSTIN: ${escapeHtml(seller.gstin ?? 'not registered')}</p>
<p>State: ${escapeHtml(stateLabel(seller.stateCode))}</p></section>
<section><h2>Buyer</h2>
<p>${escapeHtml(invoice.buyer_name)}</p><p>${escapeHtml(invoice.buyer_email)}</p>
<p>State: ${escapeHtml(stateLabel(invoice.buyer_state))}</p>
<p>Place of supply: ${escapeHtml(stateLabel(invoice.buyer_state ?? null))}</p></section>
</div>
<table>
<thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
<tbody>
<tr><td>${escapeHtml(`${PRODUCT_NAME} ${PLANS.pro.name} plan, one ${PLANS.pro.period} (SAC 998431)`)}</td>
<td class="num">${rupees(invoice.taxable_paise)}</td></tr>
${taxRows}
<tr class="total"><td>Total (GST included)</td><td class="num">${rupees(invoice.total_paise)}</td></tr>
</tbody>
</table>
<p class="note">Payment ${escapeHtml(invoice.merchant_transaction_id)}. Tax is not payable on reverse charge.</p>
</main>
</body>
</html>`;
}

import { findIndianState, PLANS, PRODUCT_NAME } from '@grasp/contract';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { CreditNoteRow } from './credit-notes.repository.ts';
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

/** What an invoice and a credit note both print: the parties and the amounts. */
type PrintedAmounts = Pick<
  InvoiceRow,
  | 'seller_json'
  | 'buyer_name'
  | 'buyer_email'
  | 'buyer_state'
  | 'taxable_paise'
  | 'cgst_paise'
  | 'sgst_paise'
  | 'igst_paise'
  | 'total_paise'
  | 'issued_at'
  | 'merchant_transaction_id'
>;

interface PrintedDocument {
  heading: string;
  title: string;
  numberLine: string;
  description: string;
  totalLabel: string;
  note: string;
}

function documentPage(row: PrintedAmounts, doc: PrintedDocument): string {
  const seller = JSON.parse(row.seller_json) as Seller;
  const sellerState = findIndianState(seller.stateCode);
  const half = GST_RATE_PERCENT / 2;
  const localName = sellerState?.ut ? 'UTGST' : 'SGST';
  const taxRows =
    row.igst_paise > 0 || row.cgst_paise + row.sgst_paise === 0
      ? `<tr><td>IGST @ ${GST_RATE_PERCENT}%</td><td class="num">${rupees(row.igst_paise)}</td></tr>`
      : `<tr><td>CGST @ ${half}%</td><td class="num">${rupees(row.cgst_paise)}</td></tr>
<tr><td>${localName} @ ${half}%</td><td class="num">${rupees(row.sgst_paise)}</td></tr>`;
  const issued = new Date(row.issued_at).toLocaleDateString('en-IN', {
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
<title>${escapeHtml(doc.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(doc.heading)}</h1>
<p>${doc.numberLine} · ${escapeHtml(issued)}</p>
<div class="grid">
<section><h2>Seller</h2>
<p>${escapeHtml(seller.name)}</p><p>${escapeHtml(seller.address)}</p>
<p>GSTIN: ${escapeHtml(seller.gstin ?? 'not registered')}</p>
<p>State: ${escapeHtml(stateLabel(seller.stateCode))}</p></section>
<section><h2>Buyer</h2>
<p>${escapeHtml(row.buyer_name)}</p><p>${escapeHtml(row.buyer_email)}</p>
<p>State: ${escapeHtml(stateLabel(row.buyer_state))}</p>
<p>Place of supply: ${escapeHtml(stateLabel(row.buyer_state ?? null))}</p></section>
</div>
<table>
<thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
<tbody>
<tr><td>${escapeHtml(doc.description)}</td>
<td class="num">${rupees(row.taxable_paise)}</td></tr>
${taxRows}
<tr class="total"><td>${escapeHtml(doc.totalLabel)}</td><td class="num">${rupees(row.total_paise)}</td></tr>
</tbody>
</table>
<p class="note">${escapeHtml(doc.note)}</p>
</main>
</body>
</html>`;
}

const PLAN_LINE = `${PRODUCT_NAME} ${PLANS.pro.name} plan, one ${PLANS.pro.period} (SAC 998431)`;

/** A printable tax invoice (DESIGN.md §12), GST included in the price. */
export function invoicePage(invoice: InvoiceRow): string {
  return documentPage(invoice, {
    heading: 'Tax invoice',
    title: `Tax invoice ${invoice.invoice_number}`,
    numberLine: `Invoice number <strong>${escapeHtml(invoice.invoice_number)}</strong>`,
    description: PLAN_LINE,
    totalLabel: 'Total (GST included)',
    note: `Payment ${invoice.merchant_transaction_id}. Tax is not payable on reverse charge.`,
  });
}

/** A printable credit note (CGST s.34): the invoice's amounts, credited back on a refund. */
export function creditNotePage(note: CreditNoteRow): string {
  const against = note.invoice_number ? ` against invoice ${note.invoice_number}` : '';
  return documentPage(note, {
    heading: 'Credit note',
    title: `Credit note ${note.credit_note_number}`,
    numberLine: `Credit note number <strong>${escapeHtml(note.credit_note_number)}</strong>${escapeHtml(against)}`,
    description: `Refund: ${PLAN_LINE}`,
    totalLabel: 'Total credited (GST included)',
    note: `Refund ${note.merchant_refund_id} of payment ${note.merchant_transaction_id}. Issued under section 34 of the CGST Act.`,
  });
}

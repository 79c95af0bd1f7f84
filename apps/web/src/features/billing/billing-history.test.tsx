import { billingMessages, type PaymentSummary } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingHistory } from './components/billing-history.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const paid: PaymentSummary = {
  merchantTransactionId: 'GRASP_0123456789abcdef01234567',
  createdAt: '2026-11-20T10:00:00.000Z',
  amount: 9900,
  status: 'PAYMENT_SUCCESS',
  refund: null,
  invoice: {
    invoiceId: 'inv_0123456789abcdef01234567',
    invoiceNumber: 'GRASP/2026-27/000007',
    merchantTransactionId: 'GRASP_0123456789abcdef01234567',
    issuedAt: '2026-11-20T10:00:00.000Z',
    totalPaise: 9900,
    taxPaise: 1510,
  },
};
const failed: PaymentSummary = {
  ...paid,
  merchantTransactionId: 'GRASP_failed',
  status: 'PAYMENT_ERROR',
  invoice: null,
};

describe('BillingHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists payments with their state and invoice, and opens the invoice', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/billing/payments')
        ? json({ payments: [paid, { ...failed, refund: null }] })
        : new Response('<h1>Tax invoice</h1>', { headers: { 'content-type': 'text/html' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:invoice' }));
    render(<BillingHistory />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your payments');
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invoice GRASP/2026-27/000007' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:invoice'));
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe(
      '/api/billing/invoices/inv_0123456789abcdef01234567',
    );
  });

  it('shows a refunded payment’s credit note beside its invoice, and opens it', async () => {
    const refunded: PaymentSummary = {
      ...paid,
      refund: 'COMPLETED',
      creditNote: {
        invoiceId: 'cn_0123456789abcdef01234567',
        kind: 'creditNote',
        invoiceNumber: 'GRASP/CN/2026-27/000001',
        merchantTransactionId: paid.merchantTransactionId,
        issuedAt: '2026-11-21T10:00:00.000Z',
        totalPaise: 9900,
        taxPaise: 1510,
      },
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/billing/payments')
        ? json({ payments: [refunded, { ...failed, creditNote: null }] })
        : new Response('<h1>Credit note</h1>', { headers: { 'content-type': 'text/html' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:credit-note' }));
    render(<BillingHistory />);
    const [row, other] = await screen.findAllByRole('listitem');
    const mine = within(row as HTMLElement);
    expect(mine.getByText('Refunded')).toBeInTheDocument();
    expect(mine.getByRole('button', { name: 'Invoice GRASP/2026-27/000007' })).toBeInTheDocument();
    await userEvent.click(
      mine.getByRole('button', { name: 'Credit note GRASP/CN/2026-27/000001' }),
    );
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:credit-note'));
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe(
      '/api/billing/invoices/cn_0123456789abcdef01234567',
    );
    expect(within(other as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('says so when there are no payments', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ payments: [] })),
    );
    render(<BillingHistory />);
    expect(await screen.findByText(billingMessages.empty)).toBeInTheDocument();
  });

  it('says it failed to load, and tries again', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ success: false, code: 'X', message: 'boom' }, 500))
      .mockResolvedValueOnce(json({ payments: [{ ...paid, refund: 'COMPLETED' }] }));
    vi.stubGlobal('fetch', fetchMock);
    render(<BillingHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent(billingMessages.loadFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
  });
});

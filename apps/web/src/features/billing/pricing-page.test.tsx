import { ERROR_MESSAGES, formatPrice, PLANS } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { leaveSite } from './lib/leave-site.ts';
import { PricingPage } from './pricing-page.tsx';
import { bodiesSentTo, json, signIn, stubApi } from './testing/billing-fixtures.ts';

vi.mock('./lib/leave-site.ts', () => ({ leaveSite: vi.fn(() => true) }));

const config = () =>
  json({ gateway: 'sandbox', supportEmail: 'help@grasp.test', supportPhone: '+91 90000 11111' });

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/pricing']}>
      <PricingPage />
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('region', { name });
const payButton = () => screen.getByRole('button', { name: `Pay ${formatPrice(99)} now` });

describe('PricingPage', () => {
  beforeEach(() => vi.mocked(leaveSite).mockClear());
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuth.getState().signOut();
  });

  it('shows the three plans from the contract with their prices and lists', async () => {
    stubApi({ '/api/payment/config': config });
    renderPage();
    expect(within(card('Free')).getByText(formatPrice(0))).toBeInTheDocument();
    expect(within(card('Pro')).getByText(formatPrice(99))).toBeInTheDocument();
    expect(within(card('Pro')).getAllByText('/month')).toHaveLength(1);
    expect(within(card('Enterprise')).getByText('Contact sales')).toBeInTheDocument();
    for (const feature of PLANS.pro.features) {
      expect(within(card('Pro')).getByText(feature)).toBeInTheDocument();
    }
    for (const limitation of PLANS.free.limitations) {
      expect(within(card('Free')).getByText(limitation)).toBeInTheDocument();
    }
    expect(await screen.findByText(/no real money is charged/)).toBeInTheDocument();
  });

  it('sends visitors to register, to log in, and Enterprise to a mail', async () => {
    stubApi({ '/api/payment/config': config });
    renderPage();
    expect(within(card('Free')).getByRole('link', { name: 'Get started free' })).toHaveAttribute(
      'href',
      '/login?register=true',
    );
    expect(within(card('Pro')).getByRole('link', { name: 'Log in to get Pro' })).toHaveAttribute(
      'href',
      '/login',
    );
    const sales = within(card('Enterprise')).getByRole('link', { name: 'Email our sales team' });
    await screen.findByRole('link', { name: 'help@grasp.test' });
    expect(sales.getAttribute('href')).toMatch(/^mailto:help@grasp\.test\?subject=/);
  });

  it('alerts a visitor who tries to pay, without calling the server', async () => {
    const fetchMock = stubApi({ '/api/payment/config': config });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(payButton());
    expect(alert).toHaveBeenCalledWith(ERROR_MESSAGES.paymentLoginRequired);
    expect(bodiesSentTo(fetchMock, '/api/payment/initiate')).toHaveLength(0);
    alert.mockRestore();
  });

  it('starts the payment with the plan’s amount and goes to the checkout', async () => {
    const user = signIn();
    const fetchMock = stubApi({
      '/api/payment/config': config,
      'POST /api/payment/initiate': () =>
        json({ success: true, redirectUrl: '/api/payment/sandbox/checkout/T1', message: 'ok' }),
    });
    renderPage();
    await userEvent.click(payButton());
    expect(bodiesSentTo(fetchMock, '/api/payment/initiate')).toEqual([
      {
        amount: 9900,
        userId: user.id,
        redirectUrl: `${window.location.origin}/payment-status`,
        productId: 'pro_plan',
      },
    ]);
    expect(leaveSite).toHaveBeenCalledWith('/api/payment/sandbox/checkout/T1');
    expect(screen.getByRole('button', { name: /Redirecting to payment/ })).toBeDisabled();
    expect(within(card('Free')).getByText('Your current plan')).toBeInTheDocument();
  });

  it('sends the buyer’s state for the GST invoice when one is chosen', async () => {
    signIn();
    const fetchMock = stubApi({
      '/api/payment/config': config,
      'POST /api/payment/initiate': () =>
        json({ success: true, redirectUrl: '/api/payment/sandbox/checkout/T2', message: 'ok' }),
    });
    renderPage();
    await userEvent.selectOptions(
      screen.getByLabelText('Your state (for the GST invoice)'),
      'Tamil Nadu',
    );
    await userEvent.click(payButton());
    expect(bodiesSentTo(fetchMock, '/api/payment/initiate')).toEqual([
      expect.objectContaining({ buyerState: '33' }),
    ]);
  });

  it.each([
    [
      'the server’s message',
      () => json({ success: false, code: 'X', message: 'Nope.' }, 400),
      'Nope.',
    ],
    ['a bare 500', () => new Response('', { status: 500 }), ERROR_MESSAGES.paymentInitFailed],
    ['success false', () => json({ success: false }), ERROR_MESSAGES.paymentInitFailed],
    [
      'a network failure',
      () => Promise.reject(new TypeError('offline')),
      ERROR_MESSAGES.paymentInitError,
    ],
  ])('shows %s when the payment cannot start', async (_case, answer, message) => {
    signIn({ plan: 'pro' });
    stubApi({ '/api/payment/config': config, 'POST /api/payment/initiate': answer });
    renderPage();
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(leaveSite).not.toHaveBeenCalled();
    expect(payButton()).toBeEnabled();
    expect(within(card('Pro')).getByText('Your current plan')).toBeInTheDocument();
  });

  it('has an FAQ of disclosure widgets and a help section with mail and phone', async () => {
    stubApi({ '/api/payment/config': config });
    renderPage();
    const question = screen.getByText('Do unused concepts roll over?');
    const details = question.closest('details');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(question);
    expect(details).toHaveAttribute('open');
    expect(await screen.findByRole('link', { name: 'help@grasp.test' })).toHaveAttribute(
      'href',
      'mailto:help@grasp.test',
    );
    expect(screen.getByRole('link', { name: '+91 90000 11111' })).toHaveAttribute(
      'href',
      'tel:+919000011111',
    );
  });

  it('falls back to the default contact when the settings cannot be read', async () => {
    stubApi({ '/api/payment/config': () => Promise.reject(new TypeError('offline')) });
    renderPage();
    expect(await screen.findByRole('link', { name: 'support@grasp.local' })).toBeInTheDocument();
  });
});

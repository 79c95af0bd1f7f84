import { ERROR_MESSAGES, type PaymentStatus } from '@grasp/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { POLL_ATTEMPTS, POLL_INTERVAL_MS } from './hooks/use-payment-status.ts';
import { PaymentStatusPage } from './payment-status-page.tsx';
import { json, signIn, stubApi } from './testing/billing-fixtures.ts';

const STATUS_PATH = '/api/payment/status/GRASP_t1';

function renderAt(url: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/payment-status" element={<PaymentStatusPage />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

const answer =
  (status: PaymentStatus, message = `message for ${status}`) =>
  () =>
    json({
      success: status === 'PAYMENT_SUCCESS',
      status,
      message,
      data: { merchantTransactionId: 'GRASP_t1', amount: 9900, productId: 'pro_plan', plan: 'pro' },
    });

describe('PaymentStatusPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    useAuth.getState().signOut();
  });

  it('says so when there is no transaction id, without calling the server', () => {
    const fetchMock = stubApi({});
    signIn();
    renderAt('/payment-status');
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.noTransactionId);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('asks a visitor to log in first', () => {
    stubApi({});
    renderAt('/payment-status?merchantTransactionId=GRASP_t1');
    expect(screen.getByRole('status')).toHaveTextContent('Please log in');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('checks, shows success and refreshes the signed-in user to Pro', async () => {
    const user = signIn();
    stubApi({
      [STATUS_PATH]: answer('PAYMENT_SUCCESS', 'Your Pro plan is active now.'),
      '/api/stats/units/asha': () =>
        json({ success: true, user: { ...user, plan: 'pro' }, available_units: 299 }),
    });
    renderAt('/payment-status?merchantTransactionId=GRASP_t1');
    expect(screen.getByRole('status')).toHaveTextContent('Checking payment status...');
    expect(await screen.findByText(ERROR_MESSAGES.paymentSuccess)).toBeInTheDocument();
    expect(screen.getByText('Your Pro plan is active now.')).toBeInTheDocument();
    await vi.waitFor(() => expect(useAuth.getState().user?.plan).toBe('pro'));
  });

  it.each(['PAYMENT_ERROR', 'PAYMENT_DECLINED', 'PAYMENT_CANCELLED'] as const)(
    'shows "Payment Failed: %s"',
    async (status) => {
      signIn();
      stubApi({ [STATUS_PATH]: answer(status) });
      renderAt('/payment-status?merchantTransactionId=GRASP_t1');
      expect(await screen.findByRole('alert')).toHaveTextContent(`Payment Failed: ${status}`);
      expect(useAuth.getState().user?.plan).toBe('free');
    },
  );

  it.each([
    [
      'a refused check',
      () => json({ success: false, code: 'NOT_FOUND', message: 'x' }, 404),
      ERROR_MESSAGES.paymentStatusFailed,
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('offline')),
      ERROR_MESSAGES.paymentStatusError,
    ],
    ['an unreadable answer', () => json({ hello: 'world' }), ERROR_MESSAGES.paymentUnexpected],
  ])('shows the message for %s', async (_case, route, message) => {
    signIn();
    stubApi({ [STATUS_PATH]: route });
    renderAt('/payment-status?merchantTransactionId=GRASP_t1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('polls a pending payment every 2 s until it succeeds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    let calls = 0;
    stubApi({
      [STATUS_PATH]: () => {
        calls++;
        return calls < 3 ? answer('PAYMENT_PENDING')() : answer('PAYMENT_SUCCESS')();
      },
      '/api/stats/units/asha': () => json({}, 500),
    });
    renderAt('/payment-status?merchantTransactionId=GRASP_t1');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(await screen.findByText(ERROR_MESSAGES.paymentSuccess)).toBeInTheDocument();
  });

  it('shows a payment still pending after ~30 s as pending, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetchMock = stubApi({ [STATUS_PATH]: answer('PAYMENT_PENDING', 'Still working.') });
    renderAt('/payment-status?merchantTransactionId=GRASP_t1');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * (POLL_ATTEMPTS - 2)));
    expect(screen.getByRole('status')).toHaveTextContent('Checking payment status...');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2));
    expect(await screen.findByText('Payment pending')).toBeInTheDocument();
    expect(screen.getByText('Still working.')).toBeInTheDocument();
    const before = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(before);
  });
});

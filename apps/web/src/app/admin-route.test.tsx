import { ADMIN_MESSAGES, type Role } from '@grasp/contract';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../lib/auth-store.ts';
import { json, makeUser, stubApi } from '../testing/api-fixtures.ts';
import { AdminRoute } from './admin-route.tsx';

const LOADED = { timeout: 5_000 };

/** Rendered in an awaited act: the console's code arrives while React waits (use()). */
async function renderAt(path: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/admin/*" element={<AdminRoute />} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
  });
}

const signIn = (role: Role) => useAuth.getState().signIn(makeUser({ role }), 'token');

describe('AdminRoute', () => {
  // The console's chunk is imported on first use: slow the first time in a cold test run.
  beforeAll(() => import('../features/admin/admin-console.tsx'), 30_000);
  afterEach(() => {
    vi.unstubAllGlobals();
    useAuth.getState().signOut();
  });

  it('shows a visitor the 404 page, asking the server nothing', async () => {
    const fetchMock = stubApi({});
    await renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a learner the 404 page, asking the server nothing', async () => {
    const fetchMock = stubApi({});
    signIn('user');
    await renderAt('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the 404 page when the server says the account is no longer staff', async () => {
    stubApi({ '/api/admin/me': () => json({ message: 'Route not found' }, 404) });
    signIn('admin');
    await renderAt('/admin');
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, LOADED),
    ).toBeInTheDocument();
  });

  it('opens the console for staff; support sees the actions greyed out, with the reason', async () => {
    stubApi({
      '/api/admin/me': () => json({ id: 'u9', username: 'sam', role: 'support', sudoUntil: null }),
      '/api/admin/payments': () =>
        json({
          payments: [
            {
              merchantTransactionId: 'GRASP_paid',
              userId: 'u1',
              username: 'asha',
              gateway: 'phonepe',
              amountPaise: 9900,
              state: 'PAYMENT_SUCCESS',
              createdAt: '2026-11-20T10:00:00.000Z',
              updatedAt: '2026-11-20T10:00:00.000Z',
              refund: null,
              invoiceNumber: 'GRASP/2026-27/000001',
              creditNoteNumber: null,
            },
          ],
          page: 1,
          pageSize: 25,
          total: 1,
        }),
    });
    signIn('support');
    await renderAt('/admin/payments');
    expect(await screen.findByRole('heading', { name: 'Payments' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Refund GRASP_paid' })).toBeDisabled();
    expect(screen.getByText(/only an admin can use these actions/)).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_MESSAGES.noPayments)).toBeNull();
  });
});

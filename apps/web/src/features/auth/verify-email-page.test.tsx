import { AUTH_MESSAGES, ERROR_MESSAGES } from '@grasp/contract';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, deferred, errorBody, json, stubApi } from './testing/auth-fixtures.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

vi.mock('altcha', () => ({}));

function renderAt(url: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/verify-email" element={<VerifyEmailPage />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('VerifyEmailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the link has no token, without calling the server', () => {
    const fetchMock = stubApi({});
    renderAt('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.noVerificationToken);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows "Verifying..." then the server message, calling once under StrictMode', async () => {
    const pending = deferred();
    const fetchMock = stubApi({ 'GET /api/auth/verify-email': pending.route });
    renderAt('/verify-email?token=tok-1');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying...');
    pending.release(json({ success: true, message: AUTH_MESSAGES.verified }));
    expect(await screen.findByText(AUTH_MESSAGES.verified)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.verified);
    const calls = callsTo(fetchMock, '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/auth/verify-email?token=tok-1');
  });

  it("shows the server's refusal as a failure, with a way to get a new link", async () => {
    stubApi({
      'GET /api/auth/verify-email': () =>
        errorBody(400, 'VERIFICATION_EXPIRED', AUTH_MESSAGES.verificationExpired),
    });
    renderAt('/verify-email?token=tok-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.verificationExpired);
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });

  it('falls back to the generic message when the call fails', async () => {
    stubApi({ 'GET /api/auth/verify-email': () => Promise.reject(new TypeError('offline')) });
    renderAt('/verify-email?token=tok-3');
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.verificationError);
  });
});

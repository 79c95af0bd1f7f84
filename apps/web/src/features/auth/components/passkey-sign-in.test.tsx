import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@grasp/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';
import {
  callsTo,
  errorBody,
  json,
  makeUser,
  resetAuth,
  stubApi,
} from '../testing/auth-fixtures.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';

const webauthn = vi.hoisted(() => ({ supported: true, getPasskey: vi.fn() }));
vi.mock('../../../lib/webauthn.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/webauthn.ts')>()),
  passkeysSupported: () => webauthn.supported,
  getPasskey: webauthn.getPasskey,
}));

const challenge = { challengeId: 'ch1', options: { challenge: 'c', rpId: 'localhost' } };
const assertion = { id: 'cred', rawId: 'cred', type: 'public-key' };

describe('PasskeySignIn', () => {
  beforeEach(() => {
    resetAuth();
    webauthn.supported = true;
    webauthn.getPasskey.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered where the browser cannot use passkeys', () => {
    webauthn.supported = false;
    const { container } = render(<PasskeySignIn onSignedIn={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('signs in with the passkey the browser offers', async () => {
    let release: () => void = () => undefined;
    webauthn.getPasskey.mockImplementation(
      () => new Promise((resolve) => (release = () => resolve(assertion))),
    );
    const api = stubApi({
      'POST /api/auth/passkey/options': () => json(challenge),
      'POST /api/auth/passkey': () =>
        json({ success: true, token: 'pk-token', user: makeUser(), message: 'Login successful' }),
    });
    const onSignedIn = vi.fn();
    render(<PasskeySignIn onSignedIn={onSignedIn} />);
    await userEvent.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.signIn }));
    expect(await screen.findByRole('button', { name: PASSKEY_MESSAGES.signingIn })).toBeDisabled();
    expect(webauthn.getPasskey).toHaveBeenCalledWith(challenge.options);
    release();
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(useAuth.getState().token).toBe('pk-token');
    expect(callsTo(api, '/api/auth/passkey')[0]?.body).toEqual({
      challengeId: 'ch1',
      response: assertion,
    });
  });

  it('says so when the prompt is closed, and lets the learner try again', async () => {
    webauthn.getPasskey.mockRejectedValueOnce(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    );
    stubApi({ 'POST /api/auth/passkey/options': () => json(challenge) });
    render(<PasskeySignIn onSignedIn={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.signIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.cancelled);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('button', { name: PASSKEY_MESSAGES.signIn })).toBeEnabled();
  });

  it('shows the server’s refusal of an unknown passkey without signing anyone out', async () => {
    webauthn.getPasskey.mockResolvedValueOnce(assertion);
    stubApi({
      'POST /api/auth/passkey/options': () => json(challenge),
      'POST /api/auth/passkey': () =>
        errorBody(401, PASSKEY_ERROR_CODES.unknown, PASSKEY_MESSAGES.unknown),
    });
    render(<PasskeySignIn onSignedIn={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.signIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.unknown);
    expect(useAuth.getState().token).toBeNull();
  });
});

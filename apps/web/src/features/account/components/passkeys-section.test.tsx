import { PASSKEY_LABELS as L, PASSKEY_MESSAGES, type Passkey } from '@grasp/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubApi } from '../../../testing/api-fixtures.ts';
import { PasskeysSection } from './passkeys-section.tsx';

const webauthn = vi.hoisted(() => ({
  supported: true,
  createPasskey: vi.fn(),
}));
vi.mock('../../../lib/webauthn.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/webauthn.ts')>()),
  passkeysSupported: () => webauthn.supported,
  createPasskey: webauthn.createPasskey,
}));

const phone: Passkey = {
  id: 'p1',
  name: 'Chrome on Android',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};
const laptop: Passkey = {
  id: 'p2',
  name: 'Work laptop',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: '2026-11-26T10:00:00.000Z',
};
const options = {
  options: {
    challenge: 'c',
    rp: { id: 'localhost', name: 'Grasp' },
    user: { id: 'u', name: 'asha', displayName: 'Asha Rao' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  },
};
const browserResponse = { id: 'cred', rawId: 'cred', type: 'public-key' };
const error = (status: number, code: string, message: string) =>
  json({ success: false, code, message }, status);

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('PasskeysSection', () => {
  beforeEach(() => {
    webauthn.supported = true;
    webauthn.createPasskey.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the passkeys with their dates once loaded', async () => {
    stubApi({ 'GET /api/me/passkeys': () => json({ passkeys: [phone, laptop] }) });
    render(<PasskeysSection />);
    expect(screen.getByText(L.loading)).toBeInTheDocument();
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(items()).toHaveLength(2);
    expect(items()[0]).toHaveTextContent(/Added Nov 20, 2026 · never used/);
    expect(items()[1]).toHaveTextContent(/last used Nov 26, 2026/);
    expect(screen.getByRole('heading', { name: L.title })).toBeInTheDocument();
  });

  it('says when there are none, and offers to try again when loading fails', async () => {
    let fail = true;
    stubApi({
      'GET /api/me/passkeys': () =>
        fail ? error(503, 'SERVICE_UNAVAILABLE', 'Briefly unavailable') : json({ passkeys: [] }),
    });
    render(<PasskeysSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Briefly unavailable');
    expect(screen.queryByRole('button', { name: L.add })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: L.retry }));
    expect(await screen.findByText(L.empty)).toBeInTheDocument();
  });

  /** Opens the PIN form, types the PIN and continues. */
  async function addWithPin(pin = '1234') {
    await userEvent.click(await screen.findByRole('button', { name: L.add }));
    const field = screen.getByLabelText(L.pinField);
    expect(field).toHaveFocus();
    await userEvent.type(field, pin);
    await userEvent.click(screen.getByRole('button', { name: L.confirmAdd }));
  }

  it('asks for the PIN, then adds a passkey made by the browser and tells so', async () => {
    let release: () => void = () => undefined;
    webauthn.createPasskey.mockImplementation(
      () => new Promise((resolve) => (release = () => resolve(browserResponse))),
    );
    const api = stubApi({
      'GET /api/me/passkeys': () => json({ passkeys: [phone] }),
      'POST /api/me/passkeys/options': () => json(options),
      'POST /api/me/passkeys': () =>
        json({ id: 'p3', name: 'Passkey 2', createdAt: '2026-11-27T10:00:00.000Z' }, 201),
    });
    render(<PasskeysSection />);
    await addWithPin('2468');
    expect(await screen.findByRole('button', { name: L.adding })).toBeDisabled();
    expect(callsTo(api, '/api/me/passkeys/options').at(-1)?.body).toEqual({ pin: '2468' });
    expect(webauthn.createPasskey).toHaveBeenCalledWith(options.options);
    release();
    expect(await screen.findByText('Passkey 2')).toBeInTheDocument();
    expect(screen.getByText(PASSKEY_MESSAGES.added)).toBeInTheDocument();
    expect(callsTo(api, '/api/me/passkeys').at(-1)?.body).toMatchObject({
      response: browserResponse,
    });
    expect(screen.queryByLabelText(L.pinField)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: L.add })).toHaveFocus());
  });

  it('asks for a PIN before calling, and shows a wrong one without signing out', async () => {
    const api = stubApi({
      'GET /api/me/passkeys': () => json({ passkeys: [] }),
      'POST /api/me/passkeys/options': () => error(401, 'UNAUTHORIZED', 'That PIN is not right.'),
    });
    render(<PasskeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: L.add }));
    await userEvent.click(screen.getByRole('button', { name: L.confirmAdd }));
    expect(screen.getByText(PASSKEY_MESSAGES.pinRequired)).toBeInTheDocument();
    expect(callsTo(api, '/api/me/passkeys/options')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(L.pinField), '9999{Enter}');
    expect(await screen.findByText('That PIN is not right.')).toBeInTheDocument();
    expect(webauthn.createPasskey).not.toHaveBeenCalled();
    expect(screen.getByLabelText(L.pinField)).toHaveValue('');
    expect(screen.getByLabelText(L.pinField)).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: L.cancel }));
    expect(screen.queryByLabelText(L.pinField)).not.toBeInTheDocument();
  });

  it('says nothing changed when the browser prompt is closed, and shows a refusal', async () => {
    webauthn.createPasskey.mockRejectedValueOnce(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const api = stubApi({
      'GET /api/me/passkeys': () => json({ passkeys: [] }),
      'POST /api/me/passkeys/options': () => json(options),
      'POST /api/me/passkeys': () => error(409, 'PASSKEY_EXISTS', PASSKEY_MESSAGES.alreadyAdded),
    });
    render(<PasskeysSection />);
    await addWithPin();
    expect(await screen.findByText(PASSKEY_MESSAGES.cancelled)).toBeInTheDocument();
    expect(callsTo(api, '/api/me/passkeys').filter((c) => c.method === 'POST')).toHaveLength(0);

    webauthn.createPasskey.mockResolvedValueOnce(browserResponse);
    await addWithPin();
    expect(await screen.findByText(PASSKEY_MESSAGES.alreadyAdded)).toBeInTheDocument();
    expect(screen.getByText(L.empty)).toBeInTheDocument();
  });

  it('renames in place, checks the name, and gives the focus back', async () => {
    const api = stubApi({
      'GET /api/me/passkeys': () => json({ passkeys: [phone, laptop] }),
      'PATCH /api/me/passkeys/p1': () => json({ ...phone, name: 'My phone' }),
    });
    render(<PasskeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Chrome on Android' }));
    const field = screen.getByLabelText(L.nameField);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Chrome on Android');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText(L.nameField)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename Chrome on Android' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Rename Chrome on Android' }));
    await userEvent.clear(screen.getByLabelText(L.nameField));
    await userEvent.type(screen.getByLabelText(L.nameField), '   {Enter}');
    expect(screen.getByText(PASSKEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(L.nameField)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, '/api/me/passkeys/p1')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(L.nameField));
    await userEvent.type(screen.getByLabelText(L.nameField), ' My phone {Enter}');
    expect(await screen.findByText(PASSKEY_MESSAGES.renamed)).toBeInTheDocument();
    expect(callsTo(api, '/api/me/passkeys/p1')).toEqual([
      expect.objectContaining({ method: 'PATCH', body: { name: 'My phone' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Rename My phone' })).toHaveFocus();
  });

  it('removes only after the question, whose safe answer has the focus', async () => {
    const api = stubApi({
      'GET /api/me/passkeys': () => json({ passkeys: [phone, laptop] }),
      'DELETE /api/me/passkeys/p2': () => new Response(null, { status: 204 }),
    });
    render(<PasskeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const question = screen.getByRole('group', { name: L.confirmRemove('Work laptop') });
    expect(within(question).getByRole('button', { name: L.keep })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(callsTo(api, '/api/me/passkeys/p2')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await userEvent.click(screen.getByRole('button', { name: L.confirmRemoveAction }));
    expect(await screen.findByText(PASSKEY_MESSAGES.removed)).toBeInTheDocument();
    expect(items()).toHaveLength(1);
    expect(screen.queryByText('Work laptop')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: L.add })).toHaveFocus();
  });

  it('keeps the list and says why it cannot add where the browser has no WebAuthn', async () => {
    webauthn.supported = false;
    stubApi({ 'GET /api/me/passkeys': () => json({ passkeys: [phone] }) });
    render(<PasskeysSection />);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByText(L.unsupportedHere)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: L.add })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Chrome on Android' })).toBeEnabled();
    await waitFor(() => expect(webauthn.createPasskey).not.toHaveBeenCalled());
  });
});

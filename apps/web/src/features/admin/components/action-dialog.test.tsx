import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../lib/api-client.ts';
import { callsTo, json, stubApi } from '../../../testing/api-fixtures.ts';
import { userActions } from '../api/admin-api.ts';
import { ActionDialog } from './action-dialog.tsx';
import { Toaster } from './toaster.tsx';

const PLAN = '/api/admin/users/u1/plan';
const SUDO = '/api/admin/sudo';
const sudoRequired = () =>
  json({ code: ADMIN_ERROR_CODES.sudoRequired, message: ADMIN_MESSAGES.sudoRequired }, 403);

function renderDialog() {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <Toaster>
      <ActionDialog
        title="Change plan"
        summary={<p>Moves asha from Free to Pro.</p>}
        confirmLabel="Change plan"
        doneMessage="asha is now on Pro."
        action={(reason) => userActions.plan('u1', 'pro', reason)}
        onClose={onClose}
        onDone={onDone}
      />
    </Toaster>,
  );
  return { onDone, onClose, dialog: screen.getByRole('dialog', { name: 'Change plan' }) };
}

describe('ActionDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a reason before sending anything', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please say why');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the PIN when the server wants sudo, confirms it, then sends the change again', async () => {
    let planCalls = 0;
    const fetchMock = stubApi({
      [`POST ${PLAN}`]: () => (++planCalls === 1 ? sudoRequired() : json({ ok: true })),
      [`POST ${SUDO}`]: (_url, init) =>
        JSON.parse(String(init.body)).pin === '2468'
          ? new Response(null, { status: 204 })
          : json({ code: 'UNAUTHORIZED', message: 'Invalid PIN' }, 401),
    });
    // A wrong PIN answers 401: it must not sign the admin out.
    const onUnauthorized = vi.fn();
    configureApiClient({ getToken: () => 'token', onUnauthorized });
    const { dialog, onDone } = renderDialog();
    await userEvent.type(
      within(dialog).getByLabelText(ADMIN_MESSAGES.reasonLabel),
      'Paid by bank transfer',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));

    const pin = await within(dialog).findByLabelText(ADMIN_MESSAGES.confirmPin);
    expect(pin).toHaveFocus();
    await userEvent.type(pin, '1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm PIN' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.sudoWrongPin);
    expect(onDone).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(ADMIN_MESSAGES.confirmPin), '2468');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm PIN' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());

    expect(callsTo(fetchMock, PLAN).map((c) => c.body)).toEqual([
      { plan: 'pro', reason: 'Paid by bank transfer' },
      { plan: 'pro', reason: 'Paid by bank transfer' },
    ]);
    expect(callsTo(fetchMock, SUDO).map((c) => c.body)).toEqual([{ pin: '1111' }, { pin: '2468' }]);
    expect(screen.getByRole('status')).toHaveTextContent('asha is now on Pro.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a refused change says why, and asks no PIN', async () => {
    stubApi({
      [`POST ${PLAN}`]: () => json({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.forbidden }, 403),
    });
    const { dialog, onDone } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText(ADMIN_MESSAGES.reasonLabel), 'Because');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.forbidden);
    expect(within(dialog).queryByLabelText(ADMIN_MESSAGES.confirmPin)).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Cancel closes it', async () => {
    stubApi({});
    const { dialog, onClose } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

import { ACCOUNT_LABELS, PASSKEY_LABELS, PASSKEY_MESSAGES } from '@grasp/contract';
import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';

// A sign-up through the real form (a proof-of-work captcha and argon2 on the server), then two
// passkey ceremonies and three sign-outs: more than 30 s on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 });
const LOADED = { timeout: 20_000 };

/**
 * Chromium's virtual authenticator for this page, as a platform authenticator (a phone's or a
 * laptop's screen lock) that keeps discoverable credentials and always verifies its user.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function openAccount(page: Page) {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const passkeys = page.getByRole('region', { name: ACCOUNT_LABELS.passkeys, exact: true });
  // Loaded: the list, or its empty state, is there and the add button with it.
  await expect(passkeys.getByRole('button', { name: PASSKEY_LABELS.add })).toBeVisible(LOADED);
  return passkeys;
}

test('a passkey added on /account, renamed, signs in without a username, then is removed', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const name = uniqueName('pky');
  await registerAndSignIn(page, name);

  let passkeys = await openAccount(page);
  await expect(passkeys.getByText(PASSKEY_LABELS.empty)).toBeVisible();
  await passkeys.getByRole('button', { name: PASSKEY_LABELS.add }).click();
  // A new way in needs the PIN first (NIST 800-63B): a stolen session cannot add one.
  await passkeys.getByLabel(PASSKEY_LABELS.pinField, { exact: true }).fill('1234');
  await passkeys.getByRole('button', { name: PASSKEY_LABELS.confirmAdd }).click();
  await expect(passkeys.getByRole('status')).toHaveText(PASSKEY_MESSAGES.added, LOADED);
  // Named after this device at first, and kept by the authenticator as a discoverable credential.
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText(/Chrome on \w+/);
  await expect(passkeys.getByRole('listitem')).toContainText('never used');
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');

  await passkeys
    .getByRole('button', { name: new RegExp(`^${PASSKEY_LABELS.rename} Chrome on`) })
    .click();
  const field = passkeys.getByLabel(PASSKEY_LABELS.nameField);
  await expect(field).toBeFocused();
  await field.fill('Work laptop');
  await passkeys.getByRole('button', { name: PASSKEY_LABELS.save }).click();
  await expect(passkeys.getByRole('status')).toHaveText(PASSKEY_MESSAGES.renamed);
  await expect(passkeys.getByRole('listitem')).toContainText('Work laptop');
  // The name is the server's, not only the page's.
  await page.reload();
  passkeys = page.getByRole('region', { name: ACCOUNT_LABELS.passkeys, exact: true });
  await expect(passkeys.getByRole('listitem')).toContainText('Work laptop', LOADED);

  // Signed out, the passkey alone signs in: no username, no PIN typed.
  await signOut(page);
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  await page.getByRole('button', { name: PASSKEY_MESSAGES.signIn }).click();
  await expect(page).toHaveURL(/\/dashboard$/, LOADED);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await expect(page.getByText(`@${name}`)).toBeVisible();
  await page.keyboard.press('Escape');

  passkeys = await openAccount(page);
  const item = passkeys.getByRole('listitem');
  await expect(item).toContainText('Work laptop');
  await expect(item).not.toContainText('never used');
  await passkeys.getByRole('button', { name: `${PASSKEY_LABELS.remove} Work laptop` }).click();
  // A question first; its safe answer has the focus.
  await expect(passkeys.getByRole('button', { name: PASSKEY_LABELS.keep })).toBeFocused();
  await passkeys.getByRole('button', { name: PASSKEY_LABELS.confirmRemoveAction }).click();
  await expect(passkeys.getByRole('status')).toHaveText(PASSKEY_MESSAGES.removed);
  await expect(passkeys.getByText(PASSKEY_LABELS.empty)).toBeVisible();

  // The browser still holds the credential, but the server no longer takes it.
  await signOut(page);
  await page.getByRole('button', { name: PASSKEY_MESSAGES.signIn }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    PASSKEY_MESSAGES.unknown,
    LOADED,
  );
  await expect(page).toHaveURL(/\/login$/);
  await expect(signInForm).toBeVisible();
});

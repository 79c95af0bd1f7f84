import { expect, type Page, test } from '@playwright/test';
import { registerAndSignIn, uniqueName } from './support/accounts.ts';

/**
 * Passkeys (DESIGN.md §14) in Chromium, with its virtual authenticator standing in for a phone's
 * screen lock: a platform authenticator that keeps discoverable credentials and verifies its user.
 */
async function virtualAuthenticator(page: Page) {
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

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a passkey added on /account signs in from /login, and stops when removed', async ({
  page,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const name = uniqueName('pk');
  await registerAndSignIn(page, name);

  await page.goto('/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('status').first()).toHaveText(
    'Passkey added. You can now sign in with it.',
  );
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys.getByRole('listitem')).toContainText('never used');
  // Discoverable, so the sign-in below needs no username; kept for this account alone.
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');

  await passkeys.getByRole('button', { name: /^Rename / }).click();
  await passkeys.getByLabel('Passkey name').fill('Test phone');
  await passkeys.getByLabel('Passkey name').press('Enter');
  await expect(passkeys.getByRole('button', { name: 'Rename Test phone' })).toBeFocused();

  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account');
  await expect(passkeys.getByRole('listitem')).toContainText('last used');

  await passkeys.getByRole('button', { name: 'Remove Test phone' }).click();
  await expect(passkeys.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await passkeys.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeys.getByText('Passkey removed.')).toBeVisible();
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();

  // The phone still holds the credential; the server no longer accepts it.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not registered with Grasp');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
});

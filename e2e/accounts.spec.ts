import { expect, test } from '@playwright/test';
import {
  registerAndSignIn,
  registerThroughForm,
  signIn,
  uniqueName,
  verificationLink,
} from './support/accounts.ts';

test('register, verify by the mailed link, sign in, stay signed in, sign out', async ({ page }) => {
  const name = uniqueName('ada');
  await registerThroughForm(page, name);
  await page.getByRole('button', { name: 'Go to Login' }).click();

  await signIn(page, name);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toContainText(
    'verify your email',
  );

  await page.goto(verificationLink(`${name}@example.com`));
  await expect(page.getByText('Your email has been verified')).toBeVisible();

  await page.goto('/login');
  await signIn(page, name);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = page.getByRole('button', { name: /Profile menu/ });
  await menu.click();
  await expect(page.getByText(`@${name}`)).toBeVisible();
  await expect(page.getByText('Plan: Free')).toBeVisible();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong PIN shows the sign-in error', async ({ page }) => {
  const name = uniqueName('bob');
  await registerAndSignIn(page, name);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  await signIn(page, name, '9999');
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(
    'Invalid username/email or PIN',
  );
});

test('a protected route sends a visitor to /login and back after sign-in', async ({ page }) => {
  const name = uniqueName('cat');
  await registerAndSignIn(page, name);
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, name);
  await expect(page).toHaveURL(/\/user-dashboard$/);
});

test('after signing out on a signed-in page, the next sign-in starts at the dashboard', async ({
  page,
}) => {
  const name = uniqueName('dev');
  await registerAndSignIn(page, name);
  await page.goto('/user-dashboard');
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, name);
  await expect(page).toHaveURL(/\/dashboard$/);
});

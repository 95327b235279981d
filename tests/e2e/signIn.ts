import { expect, type Page } from '@playwright/test';

/** Who signs in: an email address and its password. */
export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** The demo accounts (server/db/seed.ts) the specs sign in with. */
export const ADMIN: Credentials = { email: 'admin@example.com', password: 'Admin1234' };
export const SALES: Credentials = { email: 'sales@example.com', password: 'Sales1234' };
export const WORKER: Credentials = { email: 'worker@example.com', password: 'Worker1234' };

/** Fills the (Chinese) sign-in form the page shows with `who`'s email and password, and presses 登入. */
export async function submitSignIn(page: Page, who: Credentials): Promise<void> {
  await page.getByLabel('電郵地址').fill(who.email);
  await page.getByLabel('密碼').fill(who.password);
  await page.getByRole('button', { name: '登入' }).click();
}

/**
 * Opens /login, signs `who` in and waits for the calendar, where a sign-in lands, in Chinese.
 * The language is kept on the account and a sign-in switches to it: a spec that stopped while the
 * account was in English (a timeout skips its own clean-up) must not leave every later spec
 * reading English, so an English account is switched back here.
 */
export async function signIn(page: Page, who: Credentials = ADMIN): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, who);
  await expect(page).toHaveURL(/\/calendar$/);
  if ((await page.locator('html').getAttribute('lang')) === 'zh-HK') return;
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/language') && response.ok());
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('zh-HK');
  await saved;
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
}

import { expect, test } from '@playwright/test';
import { ADMIN, WORKER, signIn, submitSignIn } from './signIn';

test('a visitor signs in as the demo admin, reaches the calendar, switches language and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();

  await submitSignIn(page, ADMIN);

  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主選單' })).toBeVisible();
  await expect(page.getByRole('grid').first()).toBeVisible();

  await page.getByLabel('語言').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // …and back, since a signed-in user's choice is stored on the account (other tests expect zh-HK).
  await page.getByLabel('Language').selectOption('zh-HK');
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeVisible();

  expect(await page.evaluate(() => window.localStorage.getItem('backoffice.user'))).toContain('admin@example.com');
  await page.getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  // The browser keeps nothing of the user.
  expect(await page.evaluate(() => window.localStorage.getItem('backoffice.user'))).toBeNull();

  // Signed out for real: the calendar now sends the visitor back to sign in.
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcalendar$/);
});

test('a wrong password is refused with the message of the spec, in both languages', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('電郵地址').fill('sales@example.com');
  await page.getByLabel('密碼').fill('NotThePassword1');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page.getByText('登入資料與我們的記錄不符。').first()).toBeVisible();
  await expect(page.getByLabel('電郵地址')).toHaveValue('sales@example.com');

  await page.getByLabel('語言').selectOption('en');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
});

test('a worker is kept out of administration, and unknown paths show the 404 page', async ({ page }) => {
  await signIn(page, WORKER);
  await page.goto('/settings/users');
  await expect(page).toHaveURL(/\/error-403$/);
  await expect(page.getByRole('heading', { level: 1, name: '沒有權限' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '找不到頁面' })).toBeVisible();
});

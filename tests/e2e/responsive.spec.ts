import { expect, test } from '@playwright/test';
import { SALES, signIn } from './signIn';

test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

test('on a 768 px tablet the menu opens over the page and closes once a screen is chosen', async ({ page }) => {
  await signIn(page, SALES);
  const toggle = page.getByRole('button', { name: '顯示或隱藏選單' });
  const menu = page.getByRole('navigation', { name: '主選單' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: '客戶', exact: true }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('row', { name: /陳大文/ })).toBeVisible();
  // Nothing is wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
});

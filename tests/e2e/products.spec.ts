import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './signIn';

test('a product with a Chinese name and a price: create, find by the Chinese name, change the price', async ({ page }) => {
  await signIn(page, ADMIN);

  await page.goto('/products/product/create');
  const code = `E2E-${Date.now() % 100000}`;
  await page.getByLabel('編號').fill(code);
  await page.getByLabel('中文名稱').fill('蚊患處理');
  await page.getByLabel('類別').selectOption({ label: '— 白蟻' });
  await page.getByLabel('單價（港元）').fill('1,280.5');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/products\/product$/);

  await page.getByRole('searchbox', { name: '搜尋' }).fill('蚊患');
  await page.getByRole('button', { name: '搜尋' }).click();
  const row = page.getByRole('row', { name: /蚊患處理/ });
  await expect(row).toContainText('HK$1,280.50');
  await row.getByRole('link').click();
  await page.getByLabel('單價（港元）').fill('1500');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/products\/product$/);
  await page.goto(`/products/product?q=${code}`);
  await expect(page.getByRole('row', { name: /蚊患處理/ })).toContainText('HK$1,500.00');
});

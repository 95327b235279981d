import { expect, test } from '@playwright/test';

test('the whole product runs in the browser with no server: sign in, find a client, add one, sign out', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });

  await page.goto('./');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await page.getByLabel('電郵地址').fill('admin@example.com');
  await page.getByLabel('密碼').fill('Admin1234');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/#\/calendar$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeVisible();

  const menu = page.getByRole('navigation', { name: '主選單' });
  await menu.getByRole('link', { name: '客戶', exact: true }).click();
  await expect(page).toHaveURL(/#\/clients$/);
  await expect(page.getByRole('row', { name: /陳大文/ })).toBeVisible();

  await page.getByRole('link', { name: '新增客戶' }).click();
  await page.getByLabel('中文名稱').fill('瀏覽器客戶');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/#\/clients\/basic\/\d+$/);
  await expect(page.getByText('已新增客戶。')).toBeVisible();

  // A link opened from its address works too (the address lives in the hash)
  await page.goto('./#/settings/area');
  await expect(page.getByRole('cell', { name: '離島區', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(apiCalls).toEqual([]);
});

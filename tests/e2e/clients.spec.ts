import { expect, test } from '@playwright/test';
import { SALES, signIn } from './signIn';

test('a client with a Chinese name and a contact: create, find by the Chinese name, attach a file, refuse 6 MB', async ({ page }) => {
  await signIn(page, SALES);

  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '客戶', exact: true }).click();
  await page.getByRole('link', { name: '新增客戶' }).click();
  const name = `李嘉欣 ${Date.now() % 100000}`;
  await page.getByLabel('中文名稱').fill(name);
  await page.getByRole('button', { name: '新增聯絡人' }).click();
  const contact = page.getByRole('group', { name: '聯絡人 1' });
  await contact.getByLabel('姓名').fill('李小姐');
  await contact.getByLabel('電話').fill('6123 4567');
  await page.getByRole('button', { name: '新增地址' }).click();
  const address = page.getByRole('group', { name: '地址 1' });
  await address.getByLabel('地址', { exact: true }).fill('大埔廣福道 88 號');
  await address.getByLabel('地區').selectOption({ label: '大埔區' });
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/clients\/basic\/\d+$/);
  await expect(page.getByText('已新增客戶。')).toBeVisible();

  // Find it by its Chinese name (the notification goes with the navigation, spec §2)
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '客戶', exact: true }).click();
  await expect(page.getByText('已新增客戶。')).toBeHidden();
  await page.getByRole('searchbox', { name: '搜尋' }).fill(name);
  await page.getByRole('button', { name: '搜尋' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('6123 4567'.replace(' ', ''));
  await expect(row).toContainText('大埔區');
  await row.getByRole('link').click();

  // Attach a file, then refuse one over 5 MB with the spec's words
  await page.getByRole('link', { name: '附件' }).click();
  await page.getByLabel('附加檔案').setInputFiles({ name: '平面圖.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') });
  await expect(page.getByText('已附加 平面圖.pdf。')).toBeVisible();
  await expect(page.getByRole('link', { name: '平面圖.pdf' })).toBeVisible();
  await page.getByLabel('附加檔案').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(page.getByText('錯誤！檔案大小超過 5MB 上限，請重新上載。')).toBeVisible();

  await page.getByLabel('語言').selectOption('en');
  await page.getByLabel('Attach a file').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(page.getByText('Error! File Size is over limit 5MB. Please upload again.')).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-HK');

  // The server refuses it too, when a browser does not check (413 before reading the body)
  const refused = await page.request.post(page.url().replace(/\/clients\/attachment\/(\d+)$/, '/api/clients/$1/attachments'), {
    data: Buffer.alloc(6 * 1024 * 1024),
    headers: { 'Content-Type': 'application/pdf', 'X-XSRF-TOKEN': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') },
  });
  expect(refused.status()).toBe(413);
});

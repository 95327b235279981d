import { expect, test } from '@playwright/test';
import { SALES, signIn } from './signIn';

test('a customer accepts a quotation from its link with no sign-in; staff see it accepted with the signature', async ({ page, browser }) => {
  await signIn(page, SALES);
  await page.goto('/quotations/basic/create');
  await page.getByRole('searchbox', { name: '搜尋客戶（名稱、電話或標籤）' }).fill('陳大文');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await page.getByLabel('客戶', { exact: true }).selectOption({ label: '陳大文 · Chan Tai Man' });
  await page.getByRole('group', { name: '第 1 項' }).getByLabel('產品').selectOption({ label: 'TM-INSP 白蟻視察' });
  await page.getByRole('button', { name: '建立報價單' }).click();
  await expect(page).toHaveURL(/\/quotations\/basic\/\d+$/);

  // Staff make the customer link from the quotation's screen.
  await page.getByRole('button', { name: '客戶連結' }).click();
  const panel = page.getByRole('region', { name: '客戶連結' });
  await panel.getByRole('button', { name: '建立連結' }).click();
  const address = panel.getByLabel('連結地址');
  await expect(address).toHaveValue(/\/d\/[A-Za-z0-9_-]{54}$/);
  const url = await address.inputValue();

  // The customer: a fresh browser with no session.
  const customer = await browser.newContext();
  const visit = await customer.newPage();
  await visit.goto(url);
  await expect(visit.getByRole('heading', { level: 1, name: /^報價單 Q/ })).toBeVisible();
  await expect(visit.getByRole('article', { name: '報價單' })).toBeVisible();
  await visit.getByLabel('您的姓名').fill('陳大文');
  const pad = visit.getByRole('img', { name: /您的簽名：/ });
  const box = (await pad.boundingBox())!;
  await visit.mouse.move(box.x + 20, box.y + 40);
  await visit.mouse.down();
  await visit.mouse.move(box.x + 120, box.y + 60);
  await visit.mouse.move(box.x + 200, box.y + 30);
  await visit.mouse.up();
  await visit.getByRole('button', { name: '儲存您的簽名' }).click();
  await visit.getByRole('button', { name: '接受報價' }).click();
  await expect(visit.getByText(/陳大文 已於 .+ 接受/)).toBeVisible();
  await expect(visit.getByRole('button', { name: '接受報價' })).toHaveCount(0);
  await customer.close();

  // Staff see it accepted, with the signature.
  await page.reload();
  await expect(page.getByText('已接受', { exact: true }).first()).toBeVisible();
  const answer = page.getByRole('region', { name: '客戶回覆' });
  await expect(answer).toContainText('陳大文');
  await expect(answer.getByRole('img', { name: '陳大文 的簽名' })).toBeVisible();
});

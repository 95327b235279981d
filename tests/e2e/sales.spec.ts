import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ADMIN, SALES, signIn } from './signIn';

/** The text of every page of a PDF, as a reader would copy it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return pages.join('\n');
}

test('quotation → accepted → invoice → two receipts settle it → a third is refused', async ({ page }) => {
  await signIn(page, SALES);
  await page.goto('/quotations');
  await page.getByRole('link', { name: '新增報價單' }).click();
  await expect(page).toHaveURL(/\/quotations\/basic\/create$/);

  await page.getByRole('searchbox', { name: '搜尋客戶（名稱、電話或標籤）' }).fill('陳大文');
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page.getByText('找到 1 位客戶。')).toBeVisible();
  await page.getByLabel('客戶', { exact: true }).selectOption({ label: '陳大文 · Chan Tai Man' });
  const line = page.getByRole('group', { name: '第 1 項' });
  await line.getByLabel('產品').selectOption({ label: 'TM-INSP 白蟻視察' });
  await expect(line.getByLabel('單價（港元）')).toHaveValue('800.00');
  await line.getByLabel('數量').fill('1.5');
  await expect(line.getByText('HK$1,200.00')).toBeVisible();
  await page.getByLabel('折扣（%）').fill('10');
  await expect(page.getByText('HK$1,080.00')).toBeVisible();
  await page.getByRole('button', { name: '建立報價單' }).click();
  await expect(page).toHaveURL(/\/quotations\/basic\/\d+$/);
  await expect(page.getByText('報價單已儲存。')).toBeVisible();

  await page.getByRole('button', { name: '標示為已發出' }).click();
  await expect(page.getByText('報價單已標示為已發出。')).toBeVisible();
  await page.getByRole('button', { name: '標示為已接受' }).click();
  await expect(page.getByText('報價單已接受。')).toBeVisible();
  await page.getByRole('button', { name: '由報價單建立發票' }).click();
  await expect(page).toHaveURL(/\/orders\/order\/invoice\/\d+$/);
  const orderId = /invoice\/(\d+)$/.exec(page.url())![1];

  // Two receipts: HK$500 in cash, then the rest by cheque (the amount offered is what is owed).
  await page.getByRole('button', { name: '記錄收款' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('金額（港元）')).toHaveValue('1080.00');
  await dialog.getByLabel('金額（港元）').fill('1080.01');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(dialog.getByText('收款總額必須等於或少於總金額。最多尚可收取 HK$1,080.00。')).toBeVisible();
  await dialog.getByLabel('金額（港元）').fill('500');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('收據已記錄。')).toBeVisible();
  await page.getByRole('button', { name: '記錄收款' }).click();
  await expect(dialog.getByLabel('金額（港元）')).toHaveValue('580.00');
  await dialog.getByLabel('付款方式').selectOption({ label: '支票' });
  await dialog.getByLabel('參考編號（支票或轉賬編號）').fill('HSBC 123456');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('收據已記錄。')).toBeVisible();

  const payments = page.getByRole('region', { name: '付款' });
  await expect(payments.getByText('尚欠')).toHaveCount(0);
  await expect(payments.locator('dd').last()).toHaveText('HK$0.00');
  await expect(page.getByText('已付清')).toBeVisible();
  await expect(page.getByRole('button', { name: '記錄收款' })).toHaveCount(0);

  // A third receipt, sent straight to the server, is refused with the spec's rule.
  const third = await page.evaluate(async (id) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const reply = await fetch(`/api/orders/${id}/receipts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, 'Accept-Language': 'zh-HK' },
      body: JSON.stringify({ kind: 'receipt', date: '2026-11-23', method: 'cash', amount: 1 }),
    });
    return { status: reply.status, body: (await reply.json()) as { message: string } };
  }, orderId);
  expect(third.status).toBe(422);
  expect(third.body.message).toContain('收款總額必須等於或少於總金額');

  // The cheque waits on the bank-in reminder until it is marked banked in.
  await page.goto('/reminders/bank-in');
  const row = page.getByRole('row', { name: /HSBC 123456/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /已存入銀行/ }).click();
  await expect(page.getByText('收據已標示為已存入銀行。')).toBeVisible();
  await expect(page.getByRole('row', { name: /HSBC 123456/ })).toHaveCount(0);
});

test('an invoice prints in both languages to a PDF with the Chinese client name and the total', async ({ page }) => {
  await signIn(page, SALES);
  await page.goto('/orders/order?q=INV');
  await page.getByRole('columnheader', { name: /客戶/ }).getByRole('link').click();
  await page.getByRole('link', { name: /^INV-/ }).first().click();
  await expect(page).toHaveURL(/\/orders\/order\/invoice\/\d+$/);
  const client = await page.getByLabel('客戶', { exact: true }).locator('option:checked').textContent();
  const chineseName = client!.split(' · ')[0]!;
  const total = await page.getByRole('region', { name: '付款' }).locator('dd').first().textContent();

  await page.getByRole('button', { name: '列印' }).first().click();
  const preview = page.getByRole('dialog', { name: /列印 INV-/ });
  await expect(preview).toBeVisible();
  await preview.getByLabel('中英對照').check();
  await expect(preview.getByRole('article')).toContainText('發票');
  await expect(preview.getByRole('article')).toContainText('INVOICE');
  await page.evaluate(() => document.fonts.ready);
  const text = await pdfText(await page.pdf({ format: 'A4', printBackground: true }));
  expect(text).toContain(chineseName);
  expect(text).toContain(total!.trim());
  expect(text).toContain('INVOICE');
  expect(text).toContain('發票');
  // Only the document prints: not the menu.
  expect(text).not.toContain('主選單');

  // The server's own PDF of the same invoice (no browser), in the language chosen: saved as a download.
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: '下載 PDF' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^INV-[\w-]+\.pdf$/);
  const bytes = await readFile(await saved.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const serverText = await pdfText(bytes);
  expect(serverText).toContain(chineseName);
  expect(serverText).toContain('發票');
  expect(serverText).toContain('INVOICE');

  await preview.getByRole('button', { name: '關閉' }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: '列印' }).first()).toBeFocused();
});

test('a company with FPS set prints "Pay by FPS" with the QR code of the balance due on its invoices', async ({ page }) => {
  await signIn(page, ADMIN);
  // The company the demo invoices print under: its FPS identifier and bank account.
  await page.goto('/settings/companies');
  await page.getByRole('table', { name: '公司' }).getByRole('link').first().click();
  const payment = page.getByRole('group', { name: '付款資料' });
  await payment.getByLabel('轉數快識別碼類別').selectOption({ label: '手提電話號碼' });
  await payment.getByLabel('轉數快識別碼', { exact: true }).fill('9123 4567');
  await payment.getByLabel('銀行', { exact: true }).fill('滙豐銀行');
  await payment.getByLabel('戶口號碼', { exact: true }).fill('123-456789-001');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/settings\/companies$/);

  try {
    await page.goto('/orders/order?status=owing');
    await page.getByRole('link', { name: /^INV-/ }).first().click();
    await expect(page).toHaveURL(/\/orders\/order\/invoice\/\d+$/);
    await page.getByRole('button', { name: '列印' }).first().click();
    const preview = page.getByRole('dialog', { name: /列印 INV-/ });
    const block = preview.getByRole('region', { name: '付款方法' });
    await expect(block).toContainText('以轉數快付款');
    await expect(block).toContainText('+852-91234567');
    await expect(block).toContainText('滙豐銀行');
    const qr = block.getByRole('img', { name: '轉數快二維碼' });
    await expect(qr).toBeVisible();
    // The PNG came from the server's QR route and was drawn.
    await expect(qr).toHaveAttribute('src', /\/api\/orders\/\d+\/fps-qr\.png\?amount=\d+&to=mobile/);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    await preview.getByRole('button', { name: '關閉' }).click();
  } finally {
    // Back as the demo had it, for the other specs.
    await page.goto('/settings/companies');
    await page.getByRole('table', { name: '公司' }).getByRole('link').first().click();
    const again = page.getByRole('group', { name: '付款資料' });
    await again.getByLabel('轉數快識別碼類別').selectOption({ label: '沒有' });
    await again.getByLabel('轉數快識別碼', { exact: true }).fill('');
    await again.getByLabel('銀行', { exact: true }).fill('');
    await again.getByLabel('戶口號碼', { exact: true }).fill('');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page).toHaveURL(/\/settings\/companies$/);
  }
});

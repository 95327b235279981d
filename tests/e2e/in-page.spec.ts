import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { ADMIN, submitSignIn } from './signIn';

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** A Monday two to three weeks from today (Hong Kong date), so the visit is in the future and on a working day. */
function comingMonday(): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + 14);
  return iso(d);
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/cI9U2wAAAABJRU5ErkJggg==', 'base64');

/** A stored picture is on the page: shown from a blob: address (no server to load /api/… from) and really drawn. */
async function expectDrawn(image: Locator) {
  // The in-page server (PGlite in this tab) stores the upload first; on a busy machine that takes a
  // while, so the wait is generous (a picture that never comes still fails).
  await expect(image).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 30_000 }).toBeGreaterThan(0);
}

/**
 * The main flow once against the fake backend (`npm run build:demo`, served as plain files with no
 * API): the server app and its database run in the page, and not one request reaches /api/.
 */
test('the whole product runs in the browser with no server: pictures, a client and its file, a quotation to a paid invoice and its print view, an appointment, a CSV export', async ({ page }) => {
  // Generous: the whole product runs in this page, on a busy two-core machine.
  test.setTimeout(600_000);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  const menu = page.getByRole('navigation', { name: '主選單' });

  // Sign in.
  await page.goto('./');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await submitSignIn(page, ADMIN);
  // The first call starts the server and PGlite in the page, migrates and seeds the demo database:
  // about 10 s on a quiet 2-core machine, several times that when the machine is busy.
  await expect(page).toHaveURL(/#\/calendar$/, { timeout: 120_000 });
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeVisible();

  // Stored pictures come from the in-page server too: a profile photo, the company's logo and chop.
  await menu.getByRole('link', { name: '個人資料', exact: true }).click();
  await expect(page).toHaveURL(/#\/user\/profile$/);
  await page.getByLabel('選擇相片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expectDrawn(page.getByRole('img', { name: 'Ada Chan 陳愛達的相片' }));
  await menu.getByRole('link', { name: '公司', exact: true }).click();
  await page.getByRole('link', { name: '海港除蟲服務有限公司' }).click();
  await expect(page).toHaveURL(/#\/settings\/companies\/\d+$/);
  // The chosen logo and chop are stored by Save, with the rest of the form (issue 31 item 12).
  await page.getByLabel('標誌', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('公司印章', { exact: true }).setInputFiles({ name: 'chop.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/#\/settings\/companies$/);
  await page.getByRole('link', { name: '海港除蟲服務有限公司' }).click();
  await expectDrawn(page.getByRole('img', { name: '公司標誌' }));
  await expectDrawn(page.getByRole('img', { name: '公司印章' }));

  // A new client.
  const clientName = `瀏覽器客戶 ${Date.now() % 100000}`;
  await menu.getByRole('link', { name: '客戶', exact: true }).click();
  await expect(page).toHaveURL(/#\/clients$/);
  await expect(page.getByRole('link', { name: /陳大文/ })).toBeVisible();
  await page.getByRole('link', { name: '新增客戶' }).click();
  await page.getByLabel('中文名稱').fill(clientName);
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/#\/clients\/basic\/\d+$/);
  await expect(page.getByText('已新增客戶。')).toBeVisible();

  // A file attached to the client comes back the same when downloaded (it is kept in the tab's memory).
  await page.getByRole('link', { name: '附件' }).click();
  await page.getByLabel('附加檔案').setInputFiles({ name: '平面圖.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') });
  await expect(page.getByText('已附加 平面圖.pdf。')).toBeVisible();
  const [attachment] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '平面圖.pdf' }).click()]);
  expect(attachment.suggestedFilename()).toMatch(/^client-\d+-attachment-\d+\.pdf$/);
  expect((await readFile(await attachment.path())).toString('latin1')).toBe('%PDF-1.4\n%%EOF');

  // A quotation for that client → sent → accepted → an invoice.
  await menu.getByRole('link', { name: '報價單', exact: true }).click();
  await expect(page).toHaveURL(/#\/quotations$/);
  await page.getByRole('link', { name: '新增報價單' }).click();
  await expect(page).toHaveURL(/#\/quotations\/basic\/create$/);
  await page.getByRole('searchbox', { name: '搜尋客戶（名稱、電話或標籤）' }).fill(clientName);
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page.getByText('找到 1 位客戶。')).toBeVisible();
  await page.getByLabel('客戶', { exact: true }).selectOption({ label: clientName });
  const line = page.getByRole('group', { name: '第 1 項' });
  await line.getByLabel('產品').selectOption({ label: 'TM-INSP 白蟻視察' });
  await expect(line.getByLabel('單價（港元）')).toHaveValue('800.00');
  await page.getByRole('button', { name: '建立報價單' }).click();
  await expect(page).toHaveURL(/#\/quotations\/basic\/\d+$/);
  await expect(page.getByText('報價單已儲存。')).toBeVisible();
  const quotationNumber = (await page.locator('main strong').filter({ hasText: /^Q-\d{4}-\d+$/ }).first().innerText()).trim();
  await page.getByRole('button', { name: '標示為已發出' }).click();
  await expect(page.getByText('報價單已標示為已發出。')).toBeVisible();
  await page.getByRole('button', { name: '標示為已接受' }).click();
  await expect(page.getByText('報價單已接受。')).toBeVisible();
  await page.getByRole('button', { name: '由報價單建立發票' }).click();
  await expect(page).toHaveURL(/#\/orders\/order\/invoice\/\d+$/);

  // A receipt for the whole amount settles the invoice.
  await page.getByRole('button', { name: '記錄收款' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('金額（港元）')).toHaveValue('800.00');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('收據已記錄。')).toBeVisible();
  await expect(page.getByText('已付清')).toBeVisible();

  // Its print view carries the letterhead's logo and the chop, drawn before the print dialog opens.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: '列印' }).first().click();
  const preview = page.getByRole('dialog', { name: /列印 INV-/ });
  await expectDrawn(preview.locator('img.letterhead-logo'));
  await expectDrawn(preview.locator('img.chop'));
  await preview.getByRole('button', { name: '列印' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await preview.getByRole('button', { name: '關閉' }).click();

  // The calendar, and a new appointment on it.
  const date = comingMonday();
  await menu.getByRole('link', { name: '日曆', exact: true }).click();
  await expect(page).toHaveURL(/#\/calendar$/);
  await page.getByRole('link', { name: '新增預約' }).click();
  await expect(page).toHaveURL(/#\/calendar\/appointment\/create$/);
  await page.getByLabel('以名稱、編號或電話搜尋客戶').fill('金龍');
  await page.getByRole('button', { name: '搜尋客戶' }).click();
  await page.getByLabel('客戶', { exact: true }).selectOption({ label: '金龍酒家有限公司 (C000002)' });
  await expect(page.getByLabel('地址')).toHaveValue('九龍旺角彌敦道 600 號地下');
  await page.getByRole('checkbox', { name: 'Sam Lee 李俊森' }).check();
  await page.getByLabel('日期').fill(date);
  await page.getByLabel('開始時間').fill('10:00');
  await page.getByLabel('結束時間').fill('11:00');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(new RegExp(`#/calendar/appointment/\\d+\\?date=${date}$`));
  await expect(page.getByText('已新增預約。')).toBeVisible();

  // The quotations list exported as CSV: the file downloads and holds the new quotation's row.
  await menu.getByRole('link', { name: '報價單', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(quotationNumber) })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '匯出 CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^quotations-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8');
  const row = csv.split('\r\n').find((r) => r.startsWith(quotationNumber));
  expect(row, 'the CSV holds the new quotation').toBeTruthy();
  expect(row).toContain(clientName);

  // A link opened from its address works too (the address lives in the hash).
  await page.goto('./#/settings/area');
  await expect(page.getByRole('cell', { name: '離島區', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  expect(apiCalls).toEqual([]);
});

/** The FPS QR code is drawn by the in-page server too (a PNG made with no Node module). */
test('with no server, an invoice with a balance due prints its FPS QR code once the company has an FPS identifier', async ({ page }) => {
  // Generous: the whole product runs in this page, on a busy two-core machine.
  test.setTimeout(600_000);
  await page.goto('./');
  await expect(page).toHaveURL(/#\/login/);
  await submitSignIn(page, ADMIN);
  await expect(page).toHaveURL(/#\/calendar$/, { timeout: 120_000 });
  const menu = page.getByRole('navigation', { name: '主選單' });

  await menu.getByRole('link', { name: '公司', exact: true }).click();
  await page.getByRole('link', { name: '海港除蟲服務有限公司' }).click();
  const payment = page.getByRole('group', { name: '付款資料' });
  await payment.getByLabel('轉數快識別碼類別').selectOption({ label: '轉數快識別碼 (FPS ID)' });
  await payment.getByLabel('轉數快識別碼', { exact: true }).fill('1234567');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/#\/settings\/companies$/);

  // The invoices with something owed (no reload: the server and its database live in this page).
  await menu.getByRole('link', { name: '未付款', exact: true }).click();
  await expect(page).toHaveURL(/#\/reminders\/outstanding/);
  await page.getByRole('link', { name: /^INV-/ }).first().click();
  await expect(page).toHaveURL(/#\/orders\/order\/invoice\/\d+$/);
  await page.getByRole('button', { name: '列印' }).first().click();
  const preview = page.getByRole('dialog', { name: /列印 INV-/ });
  await expect(preview.getByRole('region', { name: '付款方法' })).toContainText('以轉數快付款');
  await expectDrawn(preview.getByRole('img', { name: '轉數快二維碼' }));
});

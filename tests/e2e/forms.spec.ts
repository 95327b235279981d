import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './signIn';

/**
 * No form loses what was typed when its save fails: a 500 or a dropped connection still goes to the
 * spec's error page, and Back finds the form as it was, with the failure said; offline, the form
 * stays, says so, and saves when the connection returns.
 */

const SERVER_FAILED = {
  'zh-HK': '伺服器出現問題，內容未有儲存。您輸入的內容已還原，請檢查後再儲存。',
  en: 'The server had a problem, so this was not saved. What you typed is back: check it and save again.',
};
const CONNECTION_DROPPED = {
  'zh-HK': '儲存未獲確認前連線已中斷，內容可能未有儲存。您輸入的內容已還原，請先檢查（如屬新紀錄，請先查看列表）再儲存。',
  en: 'The connection dropped before the save was confirmed, so it may not have been saved. What you typed is back: check it (for a new record, look in the list first) and save again.',
};
const WAITING = {
  'zh-HK': '您目前離線。要儲存的內容已保留在此，連線恢復後會自動送出。',
  en: 'You are offline. What you saved is kept here and will be sent when the connection returns.',
};

// Each test signs in, fails saves and goes back and forth: on a busy machine that takes a while.
test.describe.configure({ timeout: 180_000 });

/** Signs in as the administrator and sets the interface language (it is kept on the account, so every test sets its own). */
async function signInSpeaking(page: Page, language: 'zh-HK' | 'en' = 'zh-HK') {
  await signIn(page, ADMIN);
  await page.getByRole('combobox', { name: /^(語言|Language)$/ }).selectOption(language);
  await expect(page.getByRole('combobox', { name: language === 'en' ? 'Language' : '語言' })).toBeVisible();
}

// The language is kept on the account: a test that ends in English gives the other files back their
// Chinese. Straight to the API with the session's cookies, not through the page: a test that went
// offline may leave the page holding its saves until its next heartbeat, and this must not wait on it.
test.afterEach(async ({ page }) => {
  if (!(await page.getByRole('combobox', { name: 'Language', exact: true }).isVisible())) return;
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const saved = await page.request.put('/api/user/language', { data: { language: 'zh-HK' }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(saved.ok(), `the admin's language back to zh-HK: ${saved.status()}`).toBe(true);
});

/** The spec's error page is shown; the user goes back (the browser's Back button). */
async function backFromErrorPage(page: Page, path: RegExp, language: 'zh-HK' | 'en' = 'zh-HK') {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('button', { name: language === 'en' ? 'Go back' : '返回上一頁' })).toBeVisible();
  await page.goBack();
}

/** Today in Hong Kong, as the demo data was seeded. */
const hongKongToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());

test('a new client: a 500 goes to /error-500, Back finds what was typed with the failure said, and it then saves', async ({ page }) => {
  await signInSpeaking(page);
  await page.route('**/api/clients', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback()));
  await page.goto('/clients/basic/create');
  const name = `黃小明 ${Date.now() % 100000}`;
  await page.getByLabel('中文名稱').fill(name);
  await page.getByRole('button', { name: '新增聯絡人' }).click();
  await page.getByRole('group', { name: '聯絡人 1' }).getByLabel('姓名').fill('黃先生');
  await page.getByRole('button', { name: '儲存' }).click();
  await backFromErrorPage(page, /\/error-500$/);
  await expect(page).toHaveURL(/\/clients\/basic\/create$/);
  await expect(page.getByText(SERVER_FAILED['zh-HK'])).toBeVisible();
  await expect(page.getByLabel('中文名稱')).toHaveValue(name);
  await expect(page.getByRole('group', { name: '聯絡人 1' }).getByLabel('姓名')).toHaveValue('黃先生');

  await page.unroute('**/api/clients');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(/\/clients\/basic\/\d+$/, { timeout: 20_000 });
  await expect(page.getByText('已新增客戶。')).toBeVisible();
});

test('a new client in English: a dropped connection goes to /error-no-connection, and Back finds what was typed', async ({ page }) => {
  await signInSpeaking(page, 'en');
  await page.route('**/api/clients', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()));
  await page.goto('/clients/basic/create');
  await page.getByLabel('English name').fill('Wong Siu Ming');
  await page.getByLabel('Notes').fill('Call before visiting');
  await page.getByRole('button', { name: 'Save' }).click();
  await backFromErrorPage(page, /\/error-no-connection$/, 'en');
  await expect(page.getByText(CONNECTION_DROPPED.en)).toBeVisible();
  await expect(page.getByLabel('English name')).toHaveValue('Wong Siu Ming');
  await expect(page.getByLabel('Notes')).toHaveValue('Call before visiting');
});

test('a receipt: a 500 goes to /error-500, and Back opens the receipt again as it was typed', async ({ page }) => {
  await signInSpeaking(page);
  await page.route('**/api/orders/3/receipts', (route) => route.fulfill({ status: 500, json: { message: 'Server Error' } }));
  await page.goto('/orders/order/invoice/3');
  await page.getByRole('button', { name: '記錄收款' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('金額（港元）').fill('100');
  await dialog.getByLabel('參考編號（支票或轉賬編號）').fill('HSBC 654321');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await backFromErrorPage(page, /\/error-500$/);
  await expect(dialog.getByText(SERVER_FAILED['zh-HK'])).toBeVisible();
  await expect(dialog.getByLabel('金額（港元）')).toHaveValue('100');
  await expect(dialog.getByLabel('參考編號（支票或轉賬編號）')).toHaveValue('HSBC 654321');

  await page.unroute('**/api/orders/3/receipts');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('收據已記錄。')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
});

test('a completed service report: a 500 and a dropped connection both leave what was typed there to come back to', async ({ page }) => {
  await signInSpeaking(page);
  const report = `/calendar/completed-report/1?date=${hongKongToday()}`;
  let failure: 'server' | 'connection' = 'server';
  await page.route('**/api/appointments/1/visits/*/report', (route) =>
    route.request().method() === 'PUT' ? (failure === 'server' ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.abort('connectionreset')) : route.fallback(),
  );
  await page.goto(report);
  await page.getByLabel('已完成的工作').fill('廚房施放膠餌。');
  await page.getByLabel('客戶簽署人姓名').fill('李經理');
  await page.getByRole('button', { name: '儲存報告' }).click();
  await backFromErrorPage(page, /\/error-500$/);
  await expect(page.getByText(SERVER_FAILED['zh-HK'])).toBeVisible();
  await expect(page.getByLabel('已完成的工作')).toHaveValue('廚房施放膠餌。');
  await expect(page.getByLabel('客戶簽署人姓名')).toHaveValue('李經理');

  failure = 'connection';
  await page.getByRole('button', { name: '儲存報告' }).click();
  await backFromErrorPage(page, /\/error-no-connection$/);
  await expect(page.getByText(CONNECTION_DROPPED['zh-HK'])).toBeVisible();
  await expect(page.getByLabel('已完成的工作')).toHaveValue('廚房施放膠餌。');

  await page.unroute('**/api/appointments/1/visits/*/report');
  await page.getByRole('button', { name: '儲存報告' }).click();
  await expect(page.getByText('已儲存完工報告。')).toBeVisible({ timeout: 20_000 });
});

for (const language of ['zh-HK', 'en'] as const) {
  test(`offline (${language}): the new client stays on the form, says it will be sent, and is saved when the connection returns`, async ({ page, context }) => {
    await signInSpeaking(page, language);
    await page.goto('/clients/basic/create');
    const label = language === 'en' ? 'English name' : '英文名稱';
    const name = `Offline ${Date.now() % 100000}`;
    await page.getByLabel(label).fill(name);
    await context.setOffline(true);
    await page.getByRole('button', { name: language === 'en' ? 'Save' : '儲存' }).click();
    await expect(page.getByText(WAITING[language])).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/basic\/create$/);
    await expect(page.getByLabel(label)).toHaveValue(name);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/clients\/basic\/\d+$/, { timeout: 45_000 });
    await expect(page.getByLabel(label)).toHaveValue(name);
  });
}

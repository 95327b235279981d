import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { pdfText } from '../support/pdfText';
import { ADMIN, signIn, WORKER } from './signIn';

/*
 * The worker's outbox on a phone (issue 22 item 4), against the real server: a visit opened online,
 * the connection lost, the visit completed with two photos and both signatures — kept on the phone
 * ("waiting") — the connection back, sent by itself; the server then has the report, its photos and
 * both signatures, and its PDF prints the findings. In both languages, at 390 × 844.
 */

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

const WORDS = {
  'zh-HK': { complete: '完成工作', findings: '發現', workDone: '已完成的工作', photos: '拍攝或選擇相片', client: '客戶簽署', worker: '工作人員簽署', pad: '：以手指、筆或滑鼠在此簽署', save: '儲存', saved: '已儲存的', outbox: '保存在此手機', waiting: '等候傳送', sent: '已傳送' },
  en: { complete: 'Complete the visit', findings: 'Findings', workDone: 'Work done', photos: 'Take or choose photos', client: "Client's signature", worker: "Worker's signature", pad: ': sign here with a finger, a pen or the mouse', save: 'Save ', saved: 'Saved ', outbox: 'Kept on this phone', waiting: 'Waiting to be sent', sent: 'Sent' },
} as const;

/** A small PNG of one colour (a valid image the phone makes into a JPEG). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date());

/** The administrator over the API (its own cookies and XSRF token). */
async function adminApi(baseURL: string): Promise<{ api: APIRequestContext; xsrf: () => Promise<string> }> {
  const api = await request.newContext({ baseURL });
  await api.get('/api/csrf-cookie');
  const xsrf = async () => decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  expect((await api.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password }, headers: { 'X-XSRF-TOKEN': await xsrf() } })).ok()).toBe(true);
  return { api, xsrf };
}

async function draw(page: Page, name: string): Promise<void> {
  const pad = page.getByRole('img', { name });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + Math.sin(i / 2) * 20);
  await page.mouse.up();
}

/** A one-off visit today at `startTime` for the demo worker, made by the administrator; its id. */
async function visitToday(api: APIRequestContext, xsrf: () => Promise<string>, startTime: string, endTime: string): Promise<number> {
  const users = (await (await api.get('/api/users?per_page=100')).json()) as { items: { id: number; email: string }[] };
  const workerId = users.items.find((u) => u.email === WORKER.email)!.id;
  const made = await api.post('/api/appointments', {
    data: { clientId: 1, address: '灣仔道 8 號', workerIds: [workerId], date: today(), startTime, endTime, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { appointment: { id: number } }).appointment.id;
}

/** Both signatures drawn and saved, then Complete pressed. */
async function signAndComplete(page: Page, w: (typeof WORDS)[keyof typeof WORDS]): Promise<void> {
  for (const who of [w.client, w.worker]) {
    await draw(page, `${who}${w.pad}`);
    await page.getByRole('button', { name: `${w.save}${who}` }).click();
    await expect(page.getByRole('img', { name: `${w.saved}${who}` })).toBeVisible();
  }
  await page.getByRole('button', { name: w.complete }).click();
}

/** The worker's language, on the account and on this device (the page opens in it after a reload). */
async function setLanguage(page: Page, language: 'en' | 'zh-HK'): Promise<void> {
  await page.evaluate(async (lang) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    await fetch('/api/user/language', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ language: lang }) });
    localStorage.setItem('backoffice.locale', lang);
  }, language);
}

for (const language of ['zh-HK', 'en'] as const) {
  test(`a visit completed offline is kept on the phone and sent when the connection returns (${language})`, async ({ page, context, baseURL }) => {
    const w = WORDS[language];
    const { api, xsrf } = await adminApi(baseURL!);
    const date = today();
    const id = await visitToday(api, xsrf, language === 'en' ? '06:05' : '06:10', '06:40');
    const findings = `Droppings behind the fridge ${language} ${id}`;

    await signIn(page, WORKER);
    if (language === 'en') {
      await setLanguage(page, 'en');
      await page.reload();
    }
    try {
      // Online, from My day as the worker opens the app: the visit, then its completion form (the
      // app's own links: every screen on the way is loaded, as on the phone).
      await page.getByRole('link', { name: new RegExp(language === 'en' ? '06:05' : '06:10') }).click();
      await expect(page).toHaveURL(new RegExp(`/calendar/appointment/${id}\\?date=${date}`));
      await page.getByRole('button', { name: w.complete }).or(page.getByRole('link', { name: w.complete })).first().click();
      await expect(page.getByRole('heading', { name: w.complete, level: 1 })).toBeVisible();

      // The connection drops; the worker completes the visit all the same.
      await context.setOffline(true);
      await page.getByLabel(w.findings).fill(findings);
      await page.getByLabel(w.workDone).fill('Gel bait applied');
      await page.getByLabel(w.photos).setInputFiles([
        { name: 'sink-before.png', mimeType: 'image/png', buffer: PNG },
        { name: 'sink-after.png', mimeType: 'image/png', buffer: PNG },
      ]);
      await expect(page.getByRole('img', { name: /sink-after\.jpg/ })).toBeVisible();
      await signAndComplete(page, w);

      // Kept on the phone, waiting; back on My day.
      const outbox = page.getByRole('region', { name: w.outbox });
      await expect(outbox.getByText(w.waiting)).toBeVisible();
      await expect(page).toHaveURL(/\/calendar$/);

      // The connection returns: sent by itself.
      await context.setOffline(false);
      await expect(outbox.getByText(w.sent, { exact: true })).toBeVisible({ timeout: 20_000 });
    } finally {
      await context.setOffline(false);
      if (language === 'en') await setLanguage(page, 'zh-HK');
    }

    // The server has all of it: the report, 2 photos, both signatures, the visit ended, the PDF.
    const screen = (await (await api.get(`/api/appointments/${id}?tab=report&date=${date}`)).json()) as { report: { findings: string; status: string; photos: unknown[]; clientSignature: string | null; workerSignature: string | null } };
    expect(screen.report).toMatchObject({ findings, status: 'ended' });
    expect(screen.report.photos).toHaveLength(2);
    expect([screen.report.clientSignature, screen.report.workerSignature].every((s) => s !== null)).toBe(true);
    const pdf = await api.get(`/api/appointments/${id}/visits/${date}/report.pdf?language=en`);
    expect(pdf.ok()).toBe(true);
    expect((await pdfText(new Uint8Array(await pdf.body()))).replace(/\s+/g, ' ')).toContain(findings);
    await api.dispose();
  });
}

test('the office changed the visit while the phone was offline: the outbox shows both reports and overwrites nothing (zh-HK)', async ({ page, context, baseURL }) => {
  const w = WORDS['zh-HK'];
  const { api, xsrf } = await adminApi(baseURL!);
  const date = today();
  const id = await visitToday(api, xsrf, '06:20', '06:50');
  const mine = `Worker's findings ${id}`;
  const office = `Office's findings ${id}`;

  await signIn(page, WORKER);
  try {
    await page.getByRole('link', { name: /06:20/ }).click();
    await page.getByRole('button', { name: w.complete }).or(page.getByRole('link', { name: w.complete })).first().click();
    await expect(page.getByRole('heading', { name: w.complete, level: 1 })).toBeVisible();

    await context.setOffline(true);
    await page.getByLabel(w.findings).fill(mine);
    await page.getByLabel(w.workDone).fill('Traps checked');
    await signAndComplete(page, w);
    const outbox = page.getByRole('region', { name: w.outbox });
    await expect(outbox.getByText(w.waiting)).toBeVisible();

    // Meanwhile the office writes the report of the same visit.
    const before = (await (await api.get(`/api/appointments/${id}?tab=report&date=${date}`)).json()) as { report: { version: number } };
    const changed = await api.put(`/api/appointments/${id}/visits/${date}/report`, { data: { findings: office, workDone: 'Checked by the office', version: before.report.version }, headers: { 'X-XSRF-TOKEN': await xsrf() } });
    expect(changed.ok()).toBe(true);

    // Back online: refused as a conflict, both shown, nothing overwritten.
    await context.setOffline(false);
    await expect(outbox.getByText('辦公室已修改')).toBeVisible({ timeout: 20_000 });
    await expect(outbox.getByRole('region', { name: '你的報告' })).toContainText(mine);
    await expect(outbox.getByRole('region', { name: '辦公室現有的版本' })).toContainText(office);
  } finally {
    await context.setOffline(false);
  }
  const after = (await (await api.get(`/api/appointments/${id}?tab=report&date=${date}`)).json()) as { report: { findings: string; status: string } };
  expect(after.report.findings).toBe(office);
  expect(after.report.status).not.toBe('ended');
  await api.dispose();
});

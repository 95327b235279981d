import { expect, test, type Locator, type Page } from '@playwright/test';
import { WORKER, signIn } from './signIn';

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The Monday at least `weeks` weeks after today (Hong Kong date), as YYYY-MM-DD. */
function mondayAfter(weeks: number): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + (weeks - 1) * 7);
  return iso(d);
}
const plus = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));

const calendar = (page: Page) => page.locator('.calendar-screen');
const visits = (page: Page) => calendar(page).locator('a[href*="/calendar/appointment/"]').filter({ hasText: '金龍酒家有限公司' });

/** Opens the calendar's week list on the week of `date` (the calendar starts on this week). */
async function listWeekOf(page: Page, date: string) {
  await page.goto('/calendar');
  await page.getByLabel('工作人員', { exact: true }).selectOption({ label: 'Sam Lee 李俊森' });
  await calendar(page).getByRole('tab', { name: '列表' }).click();
  const weeks = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${iso(new Date(Date.now() + 8 * 3600_000))}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
  for (let i = 0; i < weeks; i++) {
    // Step until the list shows the week holding `date`.
    if ((await calendar(page).locator(`[data-date="${date}"]`).count()) > 0) break;
    await calendar(page).getByRole('button', { name: '下星期' }).click();
  }
  await expect(calendar(page).locator(`[data-date="${date}"]`).first()).toBeVisible();
}

async function drag(page: Page, from: Locator, dx: number, dy: number) {
  await from.scrollIntoViewIfNeeded();
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(10, box.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await page.mouse.up();
}

test('a weekly appointment: create it, see it on four weeks, move one visit, change this and future, then a signed report printed', async ({ page }) => {
  test.setTimeout(180_000);
  const first = mondayAfter(3);
  await signIn(page);

  // Create a weekly appointment for Sam Lee at the Golden Dragon, four visits from a Monday.
  await page.getByRole('link', { name: '新增預約' }).click();
  await expect(page).toHaveURL(/\/calendar\/appointment\/create$/);
  await page.getByLabel('以名稱、編號或電話搜尋客戶').fill('金龍');
  await page.getByRole('button', { name: '搜尋客戶' }).click();
  await page.getByLabel('客戶', { exact: true }).selectOption({ label: '金龍酒家有限公司 (C000002)' });
  await expect(page.getByLabel('地址')).toHaveValue('九龍旺角彌敦道 600 號地下');
  await page.getByRole('checkbox', { name: 'Sam Lee 李俊森' }).check();
  await page.getByLabel('日期').fill(first);
  await page.getByLabel('開始時間').fill('14:00');
  await page.getByLabel('結束時間').fill('15:00');
  await page.getByLabel('重複').selectOption({ label: '每星期' });
  await page.getByRole('spinbutton', { name: '次數' }).fill('4');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar/appointment/\\d+\\?date=${first}$`));
  await expect(page.getByText('已新增預約。')).toBeVisible();

  // It shows on four weeks, and not on the fifth.
  await listWeekOf(page, first);
  for (let week = 0; week < 4; week++) {
    await expect(visits(page)).toHaveCount(1);
    await expect(calendar(page).locator(`[data-date="${plus(first, 7 * week)}"]`).first()).toBeVisible();
    await calendar(page).getByRole('button', { name: '下星期' }).click();
  }
  await expect(visits(page)).toHaveCount(0);

  // Move the second visit only: drag it from Monday to Tuesday in the week view.
  await listWeekOf(page, plus(first, 7));
  await calendar(page).getByRole('tab', { name: '星期', exact: true }).click();
  const second = visits(page);
  await expect(second).toHaveCount(1);
  const mondayX = (await calendar(page).locator(`[data-date="${plus(first, 7)}"]`).first().boundingBox())!.x;
  const tuesdayX = (await calendar(page).locator(`[data-date="${plus(first, 8)}"]`).first().boundingBox())!.x;
  const columnWidth = tuesdayX - mondayX;
  expect(columnWidth).toBeGreaterThan(50);
  await drag(page, second, columnWidth, 0);
  const dialog = page.getByRole('dialog', { name: '更改重複預約的時間' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('只限這次')).toBeChecked();
  await dialog.getByRole('button', { name: '更改' }).click();
  await expect(page.getByText('已更改預約時間。')).toBeVisible();
  await calendar(page).getByRole('tab', { name: '列表' }).click();
  await expect(calendar(page).locator(`[data-date="${plus(first, 8)}"]`).first()).toBeVisible();
  await expect(calendar(page).locator(`[data-date="${plus(first, 7)}"]`)).toHaveCount(0);
  await expect(visits(page)).toHaveCount(1);

  // Change this and future ones from the third visit, with the keyboard-friendly form: 16:00–17:00.
  await calendar(page).getByRole('button', { name: '下星期' }).click();
  await visits(page).click();
  await expect(page).toHaveURL(new RegExp(`date=${plus(first, 14)}$`));
  await page.getByLabel('開始時間').fill('16:00');
  await page.getByLabel('結束時間').fill('17:00');
  await page.getByRole('button', { name: '儲存' }).click();
  const save = page.getByRole('dialog', { name: '儲存重複預約' });
  await save.getByLabel('這次及以後各次').check();
  await save.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存預約。')).toBeVisible();
  await listWeekOf(page, plus(first, 14));
  await expect(visits(page)).toHaveCount(1);
  await expect(calendar(page).getByText(/下午4:00|16:00/).first()).toBeVisible();
  await calendar(page).getByRole('button', { name: '下星期' }).click();
  await expect(calendar(page).getByText(/下午4:00|16:00/).first()).toBeVisible();
  // The first visit keeps its time.
  await listWeekOf(page, first);
  await expect(calendar(page).getByText(/下午2:00|14:00/).first()).toBeVisible();

  // The first visit's completed report: work done, a drawn client signature, a typed worker signature.
  await visits(page).click();
  await page.getByRole('navigation', { name: '預約分頁' }).getByRole('link', { name: '完工報告' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar/completed-report/\\d+\\?date=${first}$`));
  await page.getByLabel('已完成的工作').fill('廚房施放膠餌，檢查渠口。');
  await page.getByLabel('發現').fill('雪櫃後方有蟲卵。');
  await page.getByRole('button', { name: '新增產品' }).click();
  await page.getByRole('group', { name: '產品 1' }).getByLabel('產品').selectOption({ label: 'CR-GEL 蟑螂膠餌處理' });
  await page.getByLabel('客戶簽署人姓名').fill('李經理');
  await page.getByRole('button', { name: '儲存報告' }).click();
  await expect(page.getByText('已儲存完工報告。')).toBeVisible();

  const pad = page.getByRole('img', { name: '客戶簽署：以手指、筆或滑鼠在此簽署' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 80);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + 80 + Math.sin(i / 2) * 30);
  await page.mouse.up();
  await page.getByRole('button', { name: '儲存客戶簽署' }).click();
  await expect(page.getByRole('img', { name: '已儲存的客戶簽署' })).toBeVisible();
  const worker = page.getByRole('group', { name: '工作人員簽署' });
  await worker.getByLabel('或輸入姓名代替手寫').fill('Sam Lee');
  await worker.getByRole('button', { name: '以輸入的姓名簽署' }).click();
  await worker.getByRole('button', { name: '儲存工作人員簽署' }).click();
  await expect(page.getByRole('img', { name: '已儲存的工作人員簽署' })).toBeVisible();

  await page.getByRole('button', { name: '標記為已完成' }).click();
  // The visit is weeks ahead: completing it before its day asks first (issue 18).
  await expect(page.getByRole('alert').filter({ hasText: '在今日之後' })).toBeVisible();
  await page.getByRole('button', { name: '仍然標記為已完成' }).click();
  await expect(page.getByText('已更改到訪狀態。')).toBeVisible();
  await expect(page.locator('.visit-heading .badge').first()).toHaveText('已完成');

  // Print it in both languages: the print style sheet shows only the report, with both signatures.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByLabel('列印語言').selectOption({ label: '中英對照' });
  await page.getByRole('button', { name: '列印報告' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByRole('article', { name: '完工報告 Completed report' });
  await expect(printed).toBeVisible();
  await expect(printed).toContainText('廚房施放膠餌，檢查渠口。');
  await expect(printed).toContainText('金龍酒家有限公司 Golden Dragon Restaurant Ltd.');
  await expect(printed.getByRole('img', { name: '客戶簽署 Client\'s signature' })).toBeVisible();
  await expect(printed.getByRole('img', { name: '工作人員簽署 Worker\'s signature' })).toBeVisible();
  await expect(page.getByRole('button', { name: '儲存報告' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  await page.emulateMedia({ media: 'screen' });
});

test('a worker sees only their own visits and cannot create appointments', async ({ page }) => {
  await signIn(page, WORKER);
  await expect(page.getByText('你只會看到自己負責的預約。')).toBeVisible();
  await expect(page.getByRole('link', { name: '新增預約' })).toHaveCount(0);
  await expect(page.getByLabel('工作人員', { exact: true }).locator('option')).toHaveText(['全部工作人員', 'Wing Wong 黃永']);
  await page.goto('/calendar/appointment/4');
  await expect(page).toHaveURL(/\/error-404$/);
  await page.goto('/calendar/completed-report/1');
  await expect(page.getByLabel('已完成的工作')).not.toHaveValue('');
});

test('the calendar speaks Hong Kong Chinese: 星期日 … 星期六, 今日, arrows named for their step; and English', async ({ page }) => {
  await signIn(page);
  // The calendar opens on the view it last showed: choose the month view.
  await calendar(page).getByRole('tab', { name: '月', exact: true }).click();
  const headers = calendar(page).getByRole('columnheader');
  await expect(headers.first()).toBeVisible({ timeout: 30_000 });
  const texts = await headers.allInnerTexts();
  expect(texts.map((t) => t.trim()).slice(0, 7)).toEqual(['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']);
  await expect(calendar(page).getByRole('button', { name: '今日', exact: true })).toBeVisible();
  await expect(calendar(page).getByRole('button', { name: '上個月' })).toBeVisible();
  await expect(calendar(page).getByRole('button', { name: '下個月' })).toBeVisible();
  await expect(calendar(page).getByText(/週|今天|上一頁|下一頁/)).toHaveCount(0);

  await calendar(page).getByRole('tab', { name: '星期', exact: true }).click();
  await expect(calendar(page).getByRole('button', { name: '下星期' })).toBeVisible();
  await expect(calendar(page).getByRole('columnheader').filter({ hasText: '星期三' })).toHaveCount(1);
  await expect(calendar(page).getByText(/週/)).toHaveCount(0);

  // One weekday style per language (issue 31, item 23): the week's headings 12月9日星期三, Wed, 9 Dec.
  const weekHeadings = (await calendar(page).getByRole('columnheader').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '');
  expect(weekHeadings.filter((t) => /^\d{1,2}月\d{1,2}日星期[日一二三四五六]$/.test(t))).toHaveLength(7);

  await page.getByLabel('語言').selectOption('en');
  await expect(calendar(page).getByRole('button', { name: 'Next week' })).toBeVisible();
  await expect(calendar(page).getByRole('columnheader').filter({ hasText: /^Wed, \d{1,2} [A-Z][a-z]{2,3}$/ })).toHaveCount(1);
  await calendar(page).getByRole('tab', { name: 'Month', exact: true }).click();
  await expect(calendar(page).getByRole('button', { name: 'Previous month' })).toBeVisible();
  const monthHeadings = (await calendar(page).getByRole('columnheader').allInnerTexts()).map((t) => t.trim());
  expect(monthHeadings.slice(0, 7)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  // The language is kept on the account: give the other tests back their Chinese.
  await page.getByLabel('Language').selectOption('zh-HK');
  await expect(calendar(page).getByRole('button', { name: '上個月' })).toBeVisible();
});

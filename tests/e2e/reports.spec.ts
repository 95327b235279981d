import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { SALES, WORKER, signIn } from './signIn';

/** The Hong Kong date `days` from now, as YYYY-MM-DD. */
const hongKongDay = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** A CSV line's cells (the report's cells hold no quotes or commas but names may: parse properly). */
function cells(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

test('the receipt report for a month: run it, export CSV with both languages, and the totals in the file add up', async ({ page }) => {
  await signIn(page, SALES);
  // The month of the demo's cheque receipt (15 days before the seeding day).
  const day = hongKongDay(-15);
  const from = `${day.slice(0, 7)}-01`;
  const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);

  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '收據報表' }).click();
  await expect(page).toHaveURL(/\/reports\/orders\/receipt$/);
  await page.getByLabel('由').fill(from);
  await page.getByLabel('至').fill(last);
  await page.getByRole('button', { name: '產生報告' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/orders/receipt-result\\?date_from=${from}&date_to=${last}`));
  // The period in the language's own date format (domain/time/format.ts): 2026年11月1日 至 2026年11月30日.
  const chinese = (iso: string) => `${Number(iso.slice(0, 4))}年${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日`;
  await expect(page.getByText(`${chinese(from)} 至 ${chinese(last)}`)).toBeVisible();

  const table = page.getByRole('table', { name: /收據報表：結果/ });
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  const screenTotal = (await table.locator('tfoot td').nth(7).innerText()).trim();

  // The address holds the filters: reloading shows the same result.
  await page.reload();
  await expect(table.locator('tfoot td').nth(7)).toHaveText(screenTotal);

  await page.getByLabel('欄位標題').selectOption('both');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下載 CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  const header = cells(lines[0]!);
  expect(header).toContain('金額（港元） Amount (HKD)');
  const amount = header.indexOf('金額（港元） Amount (HKD)');
  const body = lines.slice(1, -1).map(cells);
  const totals = cells(lines.at(-1)!);
  expect(totals[0]).toBe('總計 Total');
  expect(body).toHaveLength(await rows.count());
  const sumCents = body.reduce((s, row) => s + Math.round(Number(row[amount]) * 100), 0);
  expect(Math.round(Number(totals[amount]) * 100)).toBe(sumCents);
  expect(screenTotal.replace(/[^\d.-]/g, '')).toBe(Number(totals[amount]).toFixed(2));
});

test('the dashboard links each figure to its list, and the order analysis draws its charts with a table beside', async ({ page }) => {
  await signIn(page, SALES);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: '預約' })).toBeVisible();
  await expect(page.getByRole('img', { name: /過去 12 個月的發票額及收款額/ })).toBeVisible();
  await page.getByRole('link', { name: /張現金或支票收據/ }).click();
  await expect(page).toHaveURL(/\/reminders\/bank-in$/);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: '開啟這些月份的訂單分析' }).click();
  await expect(page).toHaveURL(/\/reports\/orders\/order-analysis-result\?/);
  await expect(page.getByRole('img', { name: /按類型的發票額/ })).toBeVisible();
  await page.getByText('以表格顯示：按類型的發票額').click();
  await expect(page.getByRole('table', { name: '按類型的發票額' })).toBeVisible();
  // Sorting is in the address too.
  await page.getByRole('link', { name: /總額（港元）/ }).click();
  await expect(page).toHaveURL(/sort=total/);
});

test('a worker sees only their own appointments on the dashboard and no reports', async ({ page }) => {
  await signIn(page, WORKER);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: '我的預約' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '尚欠款項' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '收據報表' })).toHaveCount(0);
  await page.goto('/reports/orders/receipt-result');
  await expect(page).toHaveURL(/\/error-403$/);
});

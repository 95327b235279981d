import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './signIn';

test('a role without appointment_view, given to a user, sends them from /calendar to /home', async ({ page, browser }) => {
  await signIn(page, ADMIN);

  // A role that may see clients but not the calendar
  await page.goto('/settings/roles/create');
  await page.getByLabel('角色名稱').fill('前台');
  await page.getByRole('checkbox', { name: '客戶：查看' }).check();
  await page.getByRole('checkbox', { name: '儀表板：查看' }).check();
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
  await expect(page.getByRole('link', { name: '前台' })).toBeVisible();

  // A user with that role
  await page.goto('/settings/users/create');
  await page.getByLabel('姓名').fill('前台同事');
  await page.getByLabel('電郵地址').fill('reception@example.com');
  await page.getByLabel('角色').selectOption({ label: '前台' });
  await page.getByLabel('分店').selectOption({ label: '總公司' });
  await page.getByLabel('初始密碼', { exact: true }).fill('Front1234');
  await page.getByLabel('確認初始密碼').fill('Front1234');
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByRole('link', { name: '前台同事' })).toBeVisible();

  // That user signs in in another browser and is kept away from the calendar
  const other = await browser.newContext();
  const reception = await other.newPage();
  await reception.goto('/login');
  await reception.getByLabel('電郵地址').fill('reception@example.com');
  await reception.getByLabel('密碼').fill('Front1234');
  await reception.getByRole('button', { name: '登入' }).click();
  await expect(reception).toHaveURL(/\/home$/);
  await expect(reception.getByText('歡迎，前台同事。')).toBeVisible();
  const menu = reception.getByRole('navigation', { name: '主選單' });
  await expect(menu.getByRole('link', { name: '客戶', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: '日曆' })).toHaveCount(0);
  await reception.goto('/calendar');
  await expect(reception).toHaveURL(/\/home$/);
  await other.close();

  // The audit log shows who created the role
  await page.goto('/settings/audit?entity_type=role');
  await expect(page.getByRole('row', { name: /新增/ }).first()).toContainText('Ada Chan 陳愛達');
});

test('settings lists are edited in place: a holiday is added to the year and removed', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/settings/holiday?year=2027');
  await expect(page.getByRole('row', { name: /2027-01-01.*一月一日/ })).toBeVisible();
  await page.getByRole('button', { name: '新增假期' }).click();
  const dialog = page.getByRole('dialog', { name: '新增假期' });
  await dialog.getByLabel('日期').fill('2027-12-31');
  await dialog.getByLabel('中文名稱').fill('公司週年');
  await dialog.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByRole('row', { name: /公司週年/ })).toBeVisible();
  await page.getByRole('button', { name: '刪除 2027-12-31 公司週年' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '刪除' }).click();
  await expect(page.getByRole('row', { name: /公司週年/ })).toHaveCount(0);
});

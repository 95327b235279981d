import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email = 'admin@example.com', password = 'Admin1234') {
  await page.goto('/login');
  await page.getByLabel('電郵地址').fill(email);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
}

test('screen data: the profile (an object) and the areas (an array) load before their screens open', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: '個人資料' }).click();
  await expect(page.getByLabel('姓名')).toHaveValue('Ada Chan 陳愛達');
  await page.getByRole('link', { name: '地區' }).click();
  await expect(page.getByRole('row')).toHaveCount(19);
  await expect(page.getByRole('cell', { name: '離島區', exact: true })).toBeVisible();
});

test('/settings/holiday without a year opens on the current year', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/holiday');
  await expect(page).toHaveURL(new RegExp(`/settings/holiday\\?year=${new Date().getFullYear()}$`));
});

test('leaving with unsaved changes asks first: by link, by the back button, and on closing the tab', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: '個人資料' }).click();
  await page.getByLabel('姓名').fill('未儲存的名字');

  // A link in the menu
  await page.getByRole('link', { name: '地區' }).click();
  const dialog = page.getByRole('alertdialog', { name: '不儲存便離開？' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '留在此頁' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('姓名')).toHaveValue('未儲存的名字');

  // The browser's back button
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '留在此頁' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('姓名')).toHaveValue('未儲存的名字');

  // Closing the tab gets the browser's own prompt
  let prompted = false;
  page.once('dialog', (d) => {
    prompted = d.type() === 'beforeunload';
    void d.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompted).toBe(true);
});

test('confirming the question leaves and the change is dropped', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: '個人資料' }).click();
  await page.getByLabel('姓名').fill('不要這個');
  await page.getByRole('link', { name: '地區' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '不儲存並離開' }).click();
  await expect(page).toHaveURL(/\/settings\/area$/);
  await page.getByRole('link', { name: '個人資料' }).click();
  await expect(page.getByLabel('姓名')).toHaveValue('Ada Chan 陳愛達');
});

test('the error pages speak both languages and lead back', async ({ page }) => {
  // The sales account: switching language while signed in is stored on the account.
  await signIn(page, 'sales@example.com', 'Sales1234');
  await page.goto('/error-500');
  await expect(page.getByRole('heading', { level: 1, name: '伺服器錯誤' })).toBeVisible();
  await page.getByLabel('語言').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Server error' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto('/error-no-connection');
  await expect(page.getByText('The server could not be reached.')).toBeVisible();
  await page.getByLabel('Language').selectOption('zh-HK');
  await expect(page.getByRole('heading', { level: 1, name: '無法連線' })).toBeVisible();
});

test('a failed heartbeat shows the offline banner; the next good one removes it', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  const banner = page.getByText('無法連接伺服器。連線恢復前，變更無法儲存。');
  await expect(banner).toBeHidden();
  await page.route('**/api/heartbeat', (route) => route.abort('connectionrefused'));
  await page.clock.runFor('05:00');
  await expect(banner).toBeVisible();
  await page.unroute('**/api/heartbeat');
  await page.clock.runFor('05:00');
  await expect(banner).toBeHidden();
});

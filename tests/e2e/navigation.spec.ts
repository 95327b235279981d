import { expect, test } from '@playwright/test';
import { SALES, signIn, submitSignIn } from './signIn';

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
  await signIn(page, SALES);
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

test('a 403 from the server replaces the page in the history: Back returns to where the user was', async ({ page }) => {
  await signIn(page);
  // The server refuses the areas screen's data (as it would after the user's role lost setting_view).
  await page.route('**/api/areas*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Forbidden' }) }));
  await page.getByRole('link', { name: '地區' }).click();
  await expect(page).toHaveURL(/\/error-403$/);
  await expect(page.getByRole('heading', { level: 1, name: '沒有權限' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeVisible();
});

test('an expired session goes to /login?session_expired=1 with the message, and what was typed is offered back', async ({ page }) => {
  await signIn(page, SALES);
  await page.getByRole('link', { name: '個人資料' }).click();
  const name = page.getByLabel('姓名');
  const original = await name.inputValue();
  await name.fill('打到一半的名字');
  // The server's idle timeout is two hours; here its answer for an expired session is given at once.
  await page.route('**/api/user/profile', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: '您的登入已過期，請重新登入。', session_expired: true }) })
      : route.continue(),
  );
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?session_expired=1$/);
  await expect(page.getByText('您的登入已過期，請重新登入。')).toBeVisible();
  await page.unroute('**/api/user/profile');

  await submitSignIn(page, SALES);
  await expect(page).toHaveURL(/\/calendar$/);
  await page.getByRole('link', { name: '個人資料' }).click();
  await expect(page.getByText('您編輯期間登入已過期。要恢復剛才輸入的內容嗎？')).toBeVisible();
  await page.getByRole('button', { name: '恢復' }).click();
  await expect(name).toHaveValue('打到一半的名字');
  // Leave the demo account as it was: drop the restored input.
  await name.fill(original);
});

test('a slow screen shows the Loading message and, after 250 ms, the thin bar without a spinner; both go when it arrives', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/areas*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('link', { name: '地區' }).click();
  await expect(page.getByRole('status').filter({ hasText: '載入中' })).toBeVisible();
  // The bar is decoration (aria-hidden), so it has no role to find it by.
  const bar = page.locator('#nprogress');
  await expect(bar).toBeAttached();
  await expect(bar.locator('.spinner')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '離島區', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '載入中' })).toHaveCount(0);
  await expect(bar).not.toBeAttached();
});

test('the error catalogue end to end: a 500 opens the server error page, no response the no-connection page', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/areas*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server error' }) }));
  await page.getByRole('link', { name: '地區' }).click();
  await expect(page).toHaveURL(/\/error-500$/);
  await expect(page.getByRole('heading', { level: 1, name: '伺服器錯誤' })).toBeVisible();

  await page.unroute('**/api/areas*');
  await page.route('**/api/areas*', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: '地區' }).click();
  await expect(page).toHaveURL(/\/error-no-connection$/);
  await expect(page.getByRole('heading', { level: 1, name: '無法連線' })).toBeVisible();
  await expect(page.getByText('無法連接伺服器。連線恢復前，變更無法儲存。')).toBeVisible();
});

test('a 401 without session_expired goes to plain /login, and the user is forgotten', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/areas*', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthenticated.' }) }));
  await page.getByRole('link', { name: '地區' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: '登入' })).toBeVisible();
  await expect(page.getByText('您的登入已過期，請重新登入。')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('backoffice.user'))).toBeNull();
});

test('a heartbeat that finds the session gone sends the signed-in user to /login and forgets them', async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  // The home page asks the server for nothing more, so only the heartbeat can find out.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: '主頁' })).toBeVisible();
  // Signed out on the server (another tab, an administrator): the browser still holds the user.
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  expect((await page.request.post('/api/logout', { headers: { 'X-XSRF-TOKEN': xsrf } })).status()).toBe(204);
  await page.clock.runFor('04:00');
  await expect(page).toHaveURL(/\/home$/);
  await page.clock.runFor('01:00');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('backoffice.user'))).toBeNull();
});

test('a change of path resets the selected tab to the first; a change of query alone keeps it', async ({ page }) => {
  await signIn(page);
  await page.goto('/components/tabs');
  const pages = page.getByRole('navigation', { name: '元件頁面' });
  await page.getByRole('tab', { name: '附件' }).click();
  await expect(page.getByRole('tab', { name: '附件' })).toHaveAttribute('aria-selected', 'true');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/components/tabs?sample=1');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\?sample=1$/);
  await expect(page.getByRole('tab', { name: '附件' })).toHaveAttribute('aria-selected', 'true');
  await pages.getByRole('link', { name: '對話框' }).click();
  await pages.getByRole('link', { name: '分頁' }).click();
  await expect(page.getByRole('tab', { name: '資料' })).toHaveAttribute('aria-selected', 'true');
});

test('signed out: the error pages lead to /login (spec §6); an unknown path, a customer link that fails and the sign-in page without a reply still say what happened (issue 31 item 15)', async ({ page }) => {
  for (const path of ['/error-404', '/error-403', '/error-500', '/error-no-connection']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: '登入' })).toBeVisible();
  }

  // An unknown path shows the 404 page where it is.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: '找不到頁面' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);

  // A customer's link that opens nothing: the 404 page at the link's own address, not the staff's sign-in.
  const link = `/d/${'A'.repeat(54)}`;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: '找不到頁面' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  // …and one whose server does not answer: the no-connection page, still there.
  await page.route('**/api/public/documents/**', (route) => route.abort('connectionrefused'));
  await page.goto(`/d/${'B'.repeat(54)}`);
  await expect(page.getByRole('heading', { level: 1, name: '無法連線' })).toBeVisible();
  await expect(page).toHaveURL(/\/d\/B{54}$/);
  await page.unroute('**/api/public/documents/**');

  // The sign-in page keeps its own failures on the form.
  await page.goto('/login');
  await page.route('**/api/login', (route) => route.abort('connectionrefused'));
  await submitSignIn(page, SALES);
  await expect(page.getByText('無法連接伺服器。請檢查網絡連線後再試。')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('電郵地址')).toHaveValue(SALES.email);
});

import { expect, test, type Page } from '@playwright/test';
import { totp } from '../support/totp';
import { ADMIN, WORKER, signIn, submitSignIn } from './signIn';

async function enterCredentials(page: Page) {
  await page.goto('/login');
  await submitSignIn(page, WORKER);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: '登出', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('two-factor: enable it, sign in with a code, then with a recovery code once only', async ({ page }) => {
  await enterCredentials(page);
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto('/user/profile');

  const section = page.getByRole('region', { name: '雙重驗證' });
  await section.getByLabel('您的密碼（以確認身份）').fill(WORKER.password);
  await section.getByRole('button', { name: '啟用' }).click();
  await expect(section.getByRole('img', { name: '驗證器應用程式的 QR 碼' })).toBeVisible();
  const secret = (await section.locator('code.setup-key').textContent()) ?? '';
  await section.getByLabel('應用程式顯示的驗證碼').fill(totp(secret, new Date()));
  await section.getByRole('button', { name: '確認' }).click();
  // The codes appear once the server has confirmed: wait for them before reading.
  await expect(section.getByRole('list', { name: '恢復碼' }).getByRole('listitem')).toHaveCount(8);
  const codes = await section.getByRole('list', { name: '恢復碼' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(8);
  await expect(section.getByText('已啟用。')).toBeVisible();
  await signOut(page);

  // With a code from the app (the next step's: the one used to confirm cannot be replayed)
  await enterCredentials(page);
  await expect(page.getByRole('heading', { level: 1, name: '雙重驗證' })).toBeVisible();
  await page.getByLabel('驗證碼').fill(totp(secret, new Date(), 1));
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await signOut(page);

  // With a recovery code
  await enterCredentials(page);
  await page.getByRole('button', { name: '改用恢復碼' }).click();
  await page.getByLabel('恢復碼').fill(codes[0]!);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await signOut(page);

  // The same recovery code again is refused
  await enterCredentials(page);
  await page.getByRole('button', { name: '改用恢復碼' }).click();
  await page.getByLabel('恢復碼').fill(codes[0]!);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page.getByText('恢復碼無效。')).toBeVisible();
  await expect(page).toHaveURL(/\/two-factor-challenge/);

  // Another one works; then two-factor is turned off again for the other tests
  await page.getByLabel('恢復碼').fill(codes[1]!);
  await page.getByRole('button', { name: '驗證', exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto('/user/profile');
  await section.getByLabel('您的密碼（以確認身份）').fill(WORKER.password);
  await section.getByRole('button', { name: '停用' }).click();
  await expect(section.getByText('未啟用。')).toBeVisible();
});

test('registration: the new account waits for an administrator', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '建立帳戶' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('姓名').fill('新同事');
  await page.getByLabel('電郵地址').fill(`new-${Date.now()}@example.com`);
  await page.getByLabel('密碼', { exact: true }).fill('short');
  await page.getByLabel('確認密碼').fill('short');
  await page.getByRole('button', { name: '建立帳戶' }).click();
  await expect(page.getByLabel('密碼', { exact: true })).toHaveAccessibleDescription('最少 8 個字元 一個大楷字母 一個數字');
  const email = await page.getByLabel('電郵地址').inputValue();
  await page.getByLabel('密碼', { exact: true }).fill('Passw0rdX');
  await page.getByLabel('確認密碼').fill('Passw0rdX');
  await page.getByRole('button', { name: '建立帳戶' }).click();
  await expect(page.getByText('多謝登記。如此電郵地址可以使用，帳戶現正等待管理員啟用，啟用後您便可登入。如您已有帳戶，請直接以該帳戶登入。')).toBeVisible();

  await page.getByRole('link', { name: '前往登入' }).click();
  await page.getByLabel('電郵地址').fill(email);
  await page.getByLabel('密碼').fill('Passw0rdX');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page.getByText('您的帳戶正等待管理員啟用。').first()).toBeVisible();
});

test('API tokens: created once, then usable with Bearer within their abilities', async ({ page, request }) => {
  await signIn(page, ADMIN);
  await page.goto('/user/api-tokens');
  await page.getByLabel('權杖名稱').fill('e2e');
  await page.getByRole('button', { name: '建立權杖' }).click();
  const token = (await page.locator('code.token-value').textContent()) ?? '';
  expect(token).toMatch(/^\d+\|/);

  const ok = await request.get('/api/areas', { headers: { Authorization: `Bearer ${token}` } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toHaveLength(18);
  const refused = await request.put('/api/user/language', { headers: { Authorization: `Bearer ${token}` }, data: { language: 'en' } });
  expect(refused.status()).toBe(403);

  await page.getByRole('button', { name: '撤銷 e2e' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '刪除' }).click();
  await expect(page.getByRole('row', { name: /e2e/ })).toHaveCount(0);
  expect((await request.get('/api/areas', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});

import { expect, test } from '@playwright/test';

test('sign in and create a client with the keyboard only', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await page.keyboard.press('Tab'); // language
  await page.keyboard.press('Tab'); // email
  await expect(page.getByLabel('電郵地址')).toBeFocused();
  await page.keyboard.type('sales@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Sales1234');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calendar$/);
  // Focus moved to the new screen's heading
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeFocused();

  await page.goto('/clients/basic/create');
  await expect(page.getByRole('heading', { level: 1, name: '新增客戶' })).toBeFocused();
  await expect(page.getByLabel('中文名稱')).toBeVisible();
  const name = `鍵盤客戶 ${Date.now() % 100000}`;
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('中文名稱')).toBeFocused();
  await page.keyboard.type(name);
  // Move to "Add contact" and press it
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByRole('button', { name: '新增聯絡人' }).evaluate((el) => el === document.activeElement)) break;
  }
  await page.keyboard.press('Enter');
  const contact = page.getByRole('group', { name: '聯絡人 1' });
  await contact.getByLabel('姓名').focus();
  await page.keyboard.type('何先生');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9876 1234');
  // Submit the form with Enter from a text field
  await contact.getByLabel('姓名').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients\/basic\/\d+$/);
  await expect(page.getByText('已新增客戶。')).toBeVisible();
});

test('dialogs keep focus inside, Escape closes them and focus returns', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('電郵地址').fill('admin@example.com');
  await page.getByLabel('密碼').fill('Admin1234');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto('/components/modals');
  const opener = page.getByRole('button', { name: '開啟表單對話框' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '對話框中的表單' });
  await expect(dialog.getByLabel('姓名')).toBeFocused();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.getByRole('button', { name: '刪除示例記錄' }).click();
  const confirm = page.getByRole('alertdialog', { name: '刪除示例記錄？' });
  await expect(confirm.getByRole('button', { name: '取消' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('您已取消。')).toBeVisible();
});

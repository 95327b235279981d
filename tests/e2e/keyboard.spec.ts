import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn } from './signIn';

/** Presses `key` (Tab or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function pressUntilFocused(page: Page, key: 'Tab' | 'Shift+Tab', target: Locator, max = 60) {
  const focused = async () => (await target.count()) === 1 && (await target.evaluate((el) => el === document.activeElement));
  for (let i = 0; i < max && !(await focused()); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

test('sign in and create a client with the keyboard only: the menu, the list\'s button, the form', async ({ page }) => {
  test.setTimeout(120_000);
  // The one page load; from here on only keys (Tab, Shift+Tab, Enter, Space, arrows) and typing.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  await pressUntilFocused(page, 'Tab', page.getByLabel('電郵地址'));
  await page.keyboard.type('sales@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('密碼')).toBeFocused();
  await page.keyboard.type('Sales1234');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calendar$/);
  // Focus moved to the new screen's heading
  await expect(page.getByRole('heading', { level: 1, name: '日曆' })).toBeFocused();

  // Back from the heading into the left menu, to Clients.
  const menu = page.getByRole('navigation', { name: '主選單' });
  await pressUntilFocused(page, 'Shift+Tab', menu.getByRole('link', { name: '客戶', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: '客戶' })).toBeFocused();

  // On to the list's "New client" button.
  await pressUntilFocused(page, 'Tab', page.getByRole('link', { name: '新增客戶' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients\/basic\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: '新增客戶' })).toBeFocused();

  await expect(page.getByLabel('中文名稱')).toBeVisible();
  const name = `鍵盤客戶 ${Date.now() % 100000}`;
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('中文名稱')).toBeFocused();
  await page.keyboard.type(name);

  // "Add contact" with Space; the new contact's fields are just before the button.
  await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: '新增聯絡人' }));
  await page.keyboard.press('Space');
  const contact = page.getByRole('group', { name: '聯絡人 1' });
  await expect(contact).toBeVisible();
  await pressUntilFocused(page, 'Shift+Tab', contact.getByLabel('姓名'));
  await page.keyboard.type('何先生');
  await pressUntilFocused(page, 'Tab', contact.getByLabel('電話'));
  await page.keyboard.type('9876 1234');

  // "Add address" with Enter, then the area chosen with an arrow key.
  await pressUntilFocused(page, 'Tab', page.getByRole('button', { name: '新增地址' }));
  await page.keyboard.press('Enter');
  const address = page.getByRole('group', { name: '地址 1' });
  await pressUntilFocused(page, 'Shift+Tab', address.getByLabel('地址', { exact: true }));
  await page.keyboard.type('九龍觀塘道 1 號');
  await page.keyboard.press('Tab');
  const area = address.getByLabel('地區');
  await expect(area).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const areaName = (await area.locator('option:checked').innerText()).trim();
  expect(areaName).not.toBe('無');

  // Submit the form with Enter from a text field.
  await pressUntilFocused(page, 'Shift+Tab', address.getByLabel('地址', { exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clients\/basic\/\d+$/);
  await expect(page.getByText('已新增客戶。')).toBeVisible();
  await expect(page.getByRole('group', { name: '地址 1' }).getByLabel('地區').locator('option:checked')).toHaveText(areaName);
});

test('dialogs keep focus inside, Escape closes them and focus returns', async ({ page }) => {
  await signIn(page, ADMIN);
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

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../application/navigation/routes';
import { signIn, WORKER } from './signIn';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's WCAG 2.1 A/AA violations on the page as it is, one line each. Legacy mode runs axe in the
 * page itself: the default mode opens a blank page for every analysis to combine the frames'
 * results, which doubled the time of each check (4–6 s against 2–2.5 s on the busy machine) and the
 * app has no frames to combine.
 */
async function violations(page: Page, where: string, only?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true);
  const results = await (only ? builder.include(only) : builder).analyze();
  return results.violations.map((v) => `${where}: ${v.id} (${v.impact ?? ''}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/**
 * Opens a screen the way a link in the app does (the History API), not by loading the page again:
 * the app is not started anew for every screen, which was most of each check's time. What the
 * screen before it showed under <main> is marked first, so the check waits for the new screen
 * (the heading above the screens stays; each screen is a new element under it).
 */
async function openInApp(tab: Page, path: string): Promise<void> {
  await tab.evaluate((to) => {
    for (const el of document.querySelectorAll('main > :not(h1)')) el.setAttribute('data-axe-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A sample address for each route: its :params filled with records the demo data has. */
const SAMPLE_PARAMS: Record<string, string> = { id: '1', product_id: '1', user_id: '1', company_id: '1', branch_id: '1', role_id: '1', key: 'payment_method' };

const addresses = ROUTES.filter((r) => !r.redirect && r.path !== '/logout' && r.path !== '/reload')
  .map((r) => r.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1'))
  .filter((path, index, all) => all.indexOf(path) === index);

/** The routes in groups, so each test stays well within its time on a busy two-core machine. */
const GROUP_SIZE = 15;
const groups = Array.from({ length: Math.ceil(addresses.length / GROUP_SIZE) }, (_, i) => addresses.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE));

for (const language of ['zh-HK', 'en'] as const) {
  for (const [index, group] of groups.entries()) {
    test(`every screen passes axe's WCAG 2.1 AA rules (${language}, screens ${index * GROUP_SIZE + 1}–${index * GROUP_SIZE + group.length} of ${addresses.length})`, async ({ page }) => {
      test.setTimeout(300_000);
      await signIn(page);
      await page.getByLabel('語言').selectOption(language);
      const failures: string[] = [];
      const check = async (tab: Page, paths: readonly string[]) => {
        for (const [i, path] of paths.entries()) {
          if (i === 0) await tab.goto(path);
          else await openInApp(tab, path);
          await expect(tab.locator('main h1'), `${path} shows its title`).toBeVisible();
          await expect(tab.locator('main > :not(h1):not([data-axe-left])').first(), `${path} shows its screen`).toBeAttached();
          await expect(tab.getByRole('status').filter({ hasText: /載入中|Loading/ }), `${path} finishes loading`).toHaveCount(0);
          // The frame around the screens (header, menu) is the same on every one: the whole page is
          // checked on each tab's first screen, then only what changes, <main>.
          failures.push(...(await violations(tab, path, i === 0 ? undefined : 'main')));
        }
      };
      try {
        // Two tabs of the one signed-in session, each with half the screens: axe's work in the
        // page is most of the time, and each tab runs on its own core.
        const second = await page.context().newPage();
        await Promise.all([check(page, group.filter((_, i) => i % 2 === 0)), check(second, group.filter((_, i) => i % 2 === 1))]);
        await second.close();
      } finally {
        // The language chosen while signed in is stored on the account: give the admin zh-HK back.
        await page.evaluate(async () => {
          const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
          await fetch('/api/user/language', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ language: 'zh-HK' }) });
        });
      }
      expect(failures).toEqual([]);
    });
  }
}

const WORDS = {
  'zh-HK': { deleteClient: '刪除客戶', cancel: '取消', save: '儲存', nameRequired: '請輸入英文或中文名稱。', errorDialog: '開啟有錯誤的對話框' },
  en: { deleteClient: 'Delete client', cancel: 'Cancel', save: 'Save', nameRequired: 'Enter the English or the Chinese name.', errorDialog: 'Open a dialog with errors' },
} as const;


for (const language of ['zh-HK', 'en'] as const) {
  test(`the sign-in and 404 pages pass axe signed out (${language})`, async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/^(語言|Language)$/).selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const failures: string[] = [];
    for (const path of ['/login', '/register', '/two-factor-challenge', '/test', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('html'), `${path} is in ${language}`).toHaveAttribute('lang', language);
      failures.push(...(await violations(page, path)));
    }
    expect(failures).toEqual([]);
  });

  test(`an open confirmation dialog and forms showing their errors pass axe (${language})`, async ({ page }) => {
    const words = WORDS[language];
    await signIn(page);
    await page.getByLabel('語言').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const failures: string[] = [];
    try {
      // The confirmation before deleting a client, open (and then cancelled).
      await page.goto('/clients/basic/1');
      await page.getByRole('button', { name: words.deleteClient }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByRole('button', { name: words.cancel })).toBeFocused();
      failures.push(...(await violations(page, 'confirm dialog')));
      await dialog.getByRole('button', { name: words.cancel }).click();
      await expect(dialog).toBeHidden();

      // A new client sent empty: the fields say what is wrong.
      await page.goto('/clients/basic/create');
      await page.getByRole('button', { name: words.save }).click();
      await expect(page.getByText(words.nameRequired).first()).toBeVisible();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      failures.push(...(await violations(page, 'form with errors')));

      // The showcase's dialog with a server error and a field error.
      await page.goto('/components/modals');
      await page.getByRole('button', { name: words.errorDialog }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
      failures.push(...(await violations(page, 'dialog with errors')));
    } finally {
      // The language chosen while signed in is stored on the account: give the admin zh-HK back.
      await page.evaluate(async () => {
        const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
        await fetch('/api/user/language', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ language: 'zh-HK' }) });
      });
    }
    expect(failures).toEqual([]);
  });
}

const PHONE_WORDS = {
  'zh-HK': { myDay: '我的日程', loading: '正在載入你的預約…', complete: '完成工作', report: '完成工作' },
  en: { myDay: 'My day', loading: 'Loading your visits…', complete: 'Complete the visit', report: 'Complete the visit' },
} as const;

for (const language of ['zh-HK', 'en'] as const) {
  test(`the worker's phone pages pass axe: My day, a visit and its report form at 390 px (${language})`, async ({ page }) => {
    const words = PHONE_WORDS[language];
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, WORKER);
    const failures: string[] = [];
    try {
      if (language === 'en') await page.getByLabel('語言').selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: words.myDay })).toBeVisible();
      await expect(page.getByText(words.loading)).toHaveCount(0);
      failures.push(...(await violations(page, 'My day')));

      // A visit the worker can complete: its page, then the report form it opens.
      const visits = await page.locator('main a.visit-item').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      let checked = false;
      for (const visit of visits) {
        await page.goto(visit);
        await expect(page.locator('main .worker-visit')).toBeVisible();
        const complete = page.getByRole('link', { name: words.complete });
        if ((await complete.count()) === 0) continue;
        failures.push(...(await violations(page, `visit ${visit}`)));
        await complete.click();
        await expect(page.getByRole('heading', { level: 1, name: words.report })).toBeVisible();
        failures.push(...(await violations(page, `report form of ${visit}`)));
        checked = true;
        break;
      }
      expect(checked, 'the demo worker has a visit to complete').toBe(true);
    } finally {
      await page.evaluate(async () => {
        const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
        await fetch('/api/user/language', { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ language: 'zh-HK' }) });
      });
    }
    expect(failures).toEqual([]);
  });
}

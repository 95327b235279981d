import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SALES, signIn } from './signIn';

/**
 * Sending a quotation by e-mail from its screen: queued as a background job, sent through the SMTP
 * server the e2e server runs in its process (scripts/e2e-server.ts writes each message it receives
 * to .cache/e2e-mail-<port>/), and logged on the quotation.
 */
const mailFolder = path.resolve(import.meta.dirname, '..', '..', '.cache', `e2e-mail-${process.env.E2E_PORT ?? '3100'}`);

interface Received {
  readonly to: string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments: { fileName: string; contentType: string; size: number }[];
}

const receivedBy = (address: string): Received | undefined =>
  readdirSync(mailFolder)
    .map((file) => JSON.parse(readFileSync(path.join(mailFolder, file), 'utf8')) as Received)
    .find((mail) => mail.to.includes(address));

test('a quotation sent by e-mail arrives at the SMTP server with its PDF and the customer link, which opens it; the send is logged on the quotation', async ({ page, browser }) => {
  const to = `client-${Date.now()}@example.test`;
  await signIn(page, SALES);
  await page.goto('/quotations/basic/1');
  const number = (await page.locator('.document-heading strong').textContent()) ?? '';
  expect(number).not.toBe('');

  await page.getByRole('button', { name: '以電郵發送' }).click();
  const dialog = page.getByRole('dialog', { name: '以電郵發送' });
  await dialog.getByLabel('收件人').fill(to);
  // The client's language of e-mails (the demo's clients: Chinese and English) comes first.
  await expect(dialog.getByLabel('語言')).toHaveValue('both');
  await expect(dialog.getByLabel('訊息')).toHaveValue(new RegExp(`附上我們的報價單 ${number}`));
  await dialog.getByRole('button', { name: '發送' }).click();
  await expect(page.getByText(`致 ${to} 的電郵已排隊，稍後發送。`)).toBeVisible();

  await expect.poll(() => receivedBy(to)?.subject, { timeout: 30_000 }).toBe(`報價單 ${number} / Quotation ${number}`);
  expect(receivedBy(to)!.text).toContain(`附上我們的報價單 ${number}，請查閱。`);
  expect(receivedBy(to)!.text).toContain(`Please find attached our quotation ${number}.`);
  expect(receivedBy(to)!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

  // The customer opens the e-mail's link with no session: the quotation (accepting it from a link: customer-link.spec.ts).
  const link = /網上查看：(\S+)/.exec(receivedBy(to)!.text)?.[1];
  expect(link).toMatch(/\/d\/[A-Za-z0-9_-]{54}$/);
  // The HTML alternative's button leads to the same link.
  expect(receivedBy(to)!.html).toContain(`href="${link}"`);
  const customer = await browser.newContext();
  const visit = await customer.newPage();
  await visit.goto(link!);
  await expect(visit.getByRole('heading', { level: 1, name: `報價單 ${number}` })).toBeVisible();
  await expect(visit.getByRole('article', { name: '報價單' })).toBeVisible();
  await customer.close();

  await page.getByRole('button', { name: '重新整理' }).click();
  await expect(page.getByText(new RegExp(`^已於 .+ 發送至 ${to.replace(/[.]/g, '\\.')}`))).toBeVisible();
});

import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { mailOffers, mailSettingsDraft, mayMail, saveMailSettings, sendDocument, sendDraft, sendTestMail } from '../../application/mail/mail';
import type { Mailing, MailSettings, MailSettingsChange, SendRequest } from '../../application/ports/Mailing';

/** The use-cases of e-mail (application/mail/mail.ts): what each form checks and sends. */

const SETTINGS: MailSettings = { host: 'smtp.harbour.test', port: 587, tlsMode: 'starttls', username: 'office', passwordSet: true, fromName: 'Harbour', fromAddress: 'office@harbour.test', siteUrl: '', linksOpenAt: null, sendsPerHour: 200, version: 2 };

function fakeMailing() {
  const calls: { saved: MailSettingsChange[]; tests: string[]; sent: { id: number; request: SendRequest }[] } = { saved: [], tests: [], sent: [] };
  const mailing: Mailing = {
    saveSettings: (change) => {
      calls.saved.push(change);
      return okAsync({ ...SETTINGS, version: change.version + 1 });
    },
    sendTest: (to) => {
      calls.tests.push(to);
      return okAsync(undefined);
    },
    sends: () => errAsync({ code: 'network' } as never),
    send: (_document, id, request) => {
      calls.sent.push({ id, request });
      return okAsync({ id: 1, recipient: request.to, language: request.language, message: request.message, status: 'queued', error: '', attempts: 0, jobId: 3, createdAt: '', sentAt: null, byName: null });
    },
    retryJob: () => errAsync({ code: 'network' } as never),
  };
  return { mailing, calls };
}

describe('Settings → E-mail', () => {
  it('sends a new password only when one is typed, removes it when asked, and trims the rest', async () => {
    const { mailing, calls } = fakeMailing();
    const draft = mailSettingsDraft(SETTINGS);
    expect(draft).toMatchObject({ port: '587', password: '', clearPassword: false });
    expect((await saveMailSettings(mailing, { ...draft, host: ' smtp.harbour.test ' }, 2)).isOk()).toBe(true);
    expect(calls.saved[0]).toEqual({ host: 'smtp.harbour.test', port: 587, tlsMode: 'starttls', username: 'office', fromName: 'Harbour', fromAddress: 'office@harbour.test', siteUrl: '', sendsPerHour: 200, version: 2 });
    await saveMailSettings(mailing, { ...draft, password: 'n3w' }, 3);
    expect(calls.saved[1]).toMatchObject({ password: 'n3w' });
    await saveMailSettings(mailing, { ...draft, password: 'ignored', clearPassword: true }, 4);
    expect(calls.saved[2]).toMatchObject({ clearPassword: true });
    expect(calls.saved[2]).not.toHaveProperty('password');
  });

  it('refuses a port outside 1–65535, a missing or malformed sender address, and sends nothing', async () => {
    const { mailing, calls } = fakeMailing();
    const draft = mailSettingsDraft(SETTINGS);
    for (const port of ['0', '65536', 'abc', '']) {
      const result = await saveMailSettings(mailing, { ...draft, port }, 2);
      expect(result._unsafeUnwrapErr()).toMatchObject({ code: 'invalid', fields: { port: [{ key: 'mail:settings.portRange' }] } });
    }
    expect((await saveMailSettings(mailing, { ...draft, fromAddress: '' }, 2))._unsafeUnwrapErr()).toMatchObject({ fields: { fromAddress: [{ key: 'mail:settings.fromRequired' }] } });
    expect((await saveMailSettings(mailing, { ...draft, fromAddress: 'office' }, 2))._unsafeUnwrapErr()).toMatchObject({ fields: { fromAddress: [{ key: 'mail:settings.emailFormat' }] } });
    // The e-mails a person may send in an hour: a whole number from 1 to 10,000.
    for (const sendsPerHour of ['0', '10001', '2.5', 'many', '']) {
      expect((await saveMailSettings(mailing, { ...draft, sendsPerHour }, 2))._unsafeUnwrapErr(), sendsPerHour).toMatchObject({ fields: { sendsPerHour: [{ key: 'mail:settings.sendsPerHourRange', values: { max: 10_000 } }] } });
    }
    // The site's address: an http(s) origin, sent as its origin.
    for (const siteUrl of ['office.harbour.test', 'javascript:alert(1)', 'https://office.harbour.test/login', 'https://a:b@office.harbour.test']) {
      expect((await saveMailSettings(mailing, { ...draft, siteUrl }, 2))._unsafeUnwrapErr(), siteUrl).toMatchObject({ fields: { siteUrl: [{ key: 'mail:settings.siteUrlFormat' }] } });
    }
    // No server, no sender needed.
    expect((await saveMailSettings(mailing, { ...draft, host: '', fromAddress: '' }, 2)).isOk()).toBe(true);
    expect(calls.saved).toHaveLength(1);
    expect((await saveMailSettings(mailing, { ...draft, siteUrl: ' https://Office.Harbour.test/ ' }, 2)).isOk()).toBe(true);
    expect(calls.saved[1]).toMatchObject({ siteUrl: 'https://office.harbour.test' });
    expect((await sendTestMail(mailing, 'nope')).isErr()).toBe(true);
    expect((await sendTestMail(mailing, ' ada@harbour.test ')).isOk()).toBe(true);
    expect(calls.tests).toEqual(['ada@harbour.test']);
  });
});

describe('Send by e-mail', () => {
  it('starts with the first contact and needs an address', async () => {
    const { mailing, calls } = fakeMailing();
    expect(sendDraft([{ email: 'chan@client.test' }, { email: 'b@client.test' }], 'en', 'Hello')).toEqual({ to: 'chan@client.test', language: 'en', message: 'Hello' });
    expect(sendDraft([], 'zh-HK', '')).toEqual({ to: '', language: 'zh-HK', message: '' });
    expect((await sendDocument(mailing, 'quotation', 12, { to: 'not-an-address', language: 'en', message: '' }))._unsafeUnwrapErr()).toMatchObject({ fields: { to: [{ key: 'mail:send.emailFormat' }] } });
    await sendDocument(mailing, 'invoice', 3, { to: ' chan@client.test ', language: 'both', message: ' Thanks \n' });
    expect(calls.sent).toEqual([{ id: 3, request: { to: 'chan@client.test', language: 'both', message: 'Thanks' } }]);
  });

  it('is offered to who may edit the document; the settings to who may edit settings', () => {
    const role = (permissions: string[]) => ({ isAdmin: false, role: { permissions } });
    expect(mayMail(role(['quotation_edit']), 'quotation')).toBe(true);
    expect(mayMail(role(['quotation_edit']), 'invoice')).toBe(false);
    expect(mayMail(role(['order_edit']), 'invoice')).toBe(true);
    expect(mailOffers(role(['setting_view'])).edit).toBe(false);
    expect(mailOffers(role(['setting_edit'])).edit).toBe(true);
  });
});

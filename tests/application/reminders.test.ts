import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { CustomerReminders, ReminderSettings } from '../../application/ports/CustomerReminders';
import { reminderOffers, reminderSettingsDraft, saveReminderSettings, sendPaymentReminders, visitWindow } from '../../application/reminders/reminders';
import { ReminderSettingsReply, SendOverdueReply } from '../../contract/reminders';

/** The use-cases of reminders to customers (application/reminders/reminders.ts): the settings form, what the screens offer, and "Send payment reminder". */

const SETTINGS: ReminderSettings = { dayBeforeEnabled: true, overdueEnabled: false, overdueAfterDays: 7, overdueEveryDays: 7, overdueMaxCount: 3, sendTime: '09:00', version: 2 };

function fakeReminders() {
  const calls: { saved: ReminderSettings[]; sent: (readonly number[])[] } = { saved: [], sent: [] };
  const reminders: CustomerReminders = {
    saveSettings: (change) => {
      calls.saved.push(change);
      return okAsync(ReminderSettingsReply.parse({ settings: { ...change, version: change.version + 1 }, mailConfigured: true, nextRunAt: null }));
    },
    sendOverdue: (clientIds) => {
      calls.sent.push(clientIds);
      return okAsync(
        SendOverdueReply.parse({
          results: clientIds.map((clientId) => (clientId === 2 ? { clientId, outcome: 'skipped', reason: 'optedOut', reminderId: 9 } : clientId === 3 ? { clientId, outcome: 'skipped', reason: 'noEmail', reminderId: 10 } : { clientId, outcome: 'queued', reason: null, reminderId: 11 })),
        }).results,
      );
    },
  };
  return { reminders, calls };
}

describe('Settings → Customer reminders', () => {
  it('starts from the settings, sends the numbers as numbers and the time as typed', async () => {
    const { reminders, calls } = fakeReminders();
    const draft = reminderSettingsDraft(SETTINGS);
    expect(draft).toEqual({ dayBeforeEnabled: true, overdueEnabled: false, overdueAfterDays: '7', overdueEveryDays: '7', overdueMaxCount: '3', sendTime: '09:00' });
    const saved = await saveReminderSettings(reminders, { ...draft, overdueEnabled: true, overdueAfterDays: ' 14 ', sendTime: '08:30' }, 2);
    expect(saved.isOk()).toBe(true);
    expect(calls.saved).toEqual([{ dayBeforeEnabled: true, overdueEnabled: true, overdueAfterDays: 14, overdueEveryDays: 7, overdueMaxCount: 3, sendTime: '08:30', version: 2 }]);
  });

  it('sends nothing while a number or the time is wrong, and says which', async () => {
    const { reminders, calls } = fakeReminders();
    const draft = reminderSettingsDraft(SETTINGS);
    const refused = await saveReminderSettings(reminders, { ...draft, overdueAfterDays: '0', overdueEveryDays: 'x', overdueMaxCount: '21', sendTime: '24:00' }, 2);
    expect(refused.isErr() && refused.error).toEqual({
      code: 'invalid',
      fields: {
        overdueAfterDays: [{ key: 'reminders:settings.daysRange', values: { max: 365 } }],
        overdueEveryDays: [{ key: 'reminders:settings.daysRange', values: { max: 365 } }],
        overdueMaxCount: [{ key: 'reminders:settings.countRange', values: { max: 20 } }],
        sendTime: [{ key: 'reminders:settings.timeFormat' }],
      },
    });
    expect(calls.saved).toEqual([]);
  });

  it('offers saving to setting_edit and the payment reminder to order_edit', () => {
    expect(reminderOffers({ isAdmin: true, role: null })).toEqual({ edit: true, sendPaymentReminder: true });
    expect(reminderOffers({ isAdmin: false, role: { permissions: ['setting_view', 'order_edit'] } })).toEqual({ edit: false, sendPaymentReminder: true });
    expect(reminderOffers(null)).toEqual({ edit: false, sendPaymentReminder: false });
  });
});

describe('Send payment reminder', () => {
  it('sends each chosen client once and sums up who was reminded and who was skipped why', async () => {
    const { reminders, calls } = fakeReminders();
    const summary = await sendPaymentReminders(reminders, [1, 2, 3, 1, 4]);
    expect(calls.sent).toEqual([[1, 2, 3, 4]]);
    expect(summary.isOk() && { queued: summary.value.queued, skipped: summary.value.skipped }).toEqual({ queued: [1, 4], skipped: { optedOut: [2], noEmail: [3] } });
  });

  it('needs at least one client', async () => {
    const { reminders, calls } = fakeReminders();
    const refused = await sendPaymentReminders(reminders, []);
    expect(refused.isErr() && refused.error).toEqual({ code: 'invalid', fields: { clientIds: [{ key: 'reminders:send.noneChosen' }] } });
    expect(calls.sent).toEqual([]);
  });
});

describe('the send log', () => {
  it('shows a visit by its Hong Kong day and time window, or as all day', () => {
    expect(visitWindow({ visitDate: '2026-11-24', visitStart: '2026-11-24T02:00:00.000Z', visitEnd: '2026-11-24T04:00:00.000Z', allDay: false })).toEqual({ date: '2026-11-24', from: '10:00', to: '12:00' });
    expect(visitWindow({ visitDate: '2026-11-24', visitStart: '2026-11-23T16:00:00.000Z', visitEnd: '2026-11-24T16:00:00.000Z', allDay: true })).toEqual({ date: '2026-11-24', from: null, to: null });
    expect(visitWindow({ visitDate: null, visitStart: null, visitEnd: null, allDay: false })).toBeNull();
  });
});

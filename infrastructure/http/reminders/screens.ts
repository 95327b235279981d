import type { Decode } from '../../../application/api/ApiClient';
import type { ReminderLogData, ReminderSettingsData } from '../../../application/ports/CustomerReminders';
import { ReminderLog, ReminderSettingsReply } from '../../../contract/reminders';
import { decoderOf } from '../wire';

/** Settings → Customer reminders and its send log: their screens' data (contract/reminders.ts). */
export const reminderSettings: Decode<ReminderSettingsData> = decoderOf(ReminderSettingsReply);

export const reminderLog: Decode<ReminderLogData> = decoderOf(ReminderLog);

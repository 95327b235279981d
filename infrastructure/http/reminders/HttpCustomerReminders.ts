import type { ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { CustomerReminders, OverdueOutcome, ReminderSettings, ReminderSettingsData } from '../../../application/ports/CustomerReminders';
import { ReminderSettingsReply, SendOverdueReply } from '../../../contract/reminders';
import { decoderOf } from '../wire';

/** Reminders to customers over /api/settings/reminders and /api/reminders/overdue, decoded with contract/reminders.ts (lazyPort). */
export class HttpCustomerReminders implements CustomerReminders {
  constructor(private readonly api: ApiClient) {}

  saveSettings(change: ReminderSettings): ResultAsync<ReminderSettingsData, ApiError> {
    return this.api.call({ method: 'PUT', path: '/api/settings/reminders', body: change }, decoderOf(ReminderSettingsReply));
  }

  sendOverdue(clientIds: readonly number[]): ResultAsync<readonly OverdueOutcome[], ApiError> {
    return this.api.call({ method: 'POST', path: '/api/reminders/overdue', body: { clientIds } }, decoderOf(SendOverdueReply)).map((reply) => reply.results);
  }
}

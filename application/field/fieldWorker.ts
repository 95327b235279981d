import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';

/**
 * A worker in the field (issue 22): who works visits and sees only their own (no appointment_view_all).
 * On a phone such a user gets My day and the worker's visit; everyone else keeps the office screens.
 * A module of its own: the outbox's watch (in the first download) needs only this, not the visit's view.
 */
export function isFieldWorker(user: User | null): boolean {
  return hasPermission(user, 'appointment_view') && !hasPermission(user, 'appointment_view_all');
}

import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, checkStatusTransition } from '../../domain/appointments/status';

/** The transitions README.md and docs/domain.md promise, written out once more by hand. */
const ALLOWED = new Set([
  'in_progress→on_hold',
  'in_progress→ended',
  'in_progress→canceled',
  'on_hold→in_progress',
  'on_hold→canceled',
  'ended→auditing',
  'ended→pending_recheck',
  'pending_recheck→in_progress',
  'pending_recheck→auditing',
  'pending_recheck→canceled',
  'auditing→audited',
  'auditing→pending_recheck',
]);

describe('appointment status transitions, every pair', () => {
  for (const from of APPOINTMENT_STATUSES) {
    for (const to of APPOINTMENT_STATUSES) {
      const allowed = ALLOWED.has(`${from}→${to}`);
      it(`${from} → ${to} is ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(checkStatusTransition(from, to).isOk()).toBe(allowed);
      });
    }
  }
});

import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, checkStatusTransition, shownStatus } from '../../domain/appointments/status';

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

describe('the status a visit is shown with (issue 18 #31)', () => {
  const start = new Date('2026-12-21T10:00:00+08:00');
  it('reads scheduled while in progress and not yet started', () => {
    expect(shownStatus('in_progress', start, new Date('2026-11-23T09:00:00+08:00'))).toBe('scheduled');
    expect(shownStatus('in_progress', start, new Date('2026-12-21T09:59:59+08:00'))).toBe('scheduled');
  });
  it('reads in progress from its start on', () => {
    expect(shownStatus('in_progress', start, new Date('2026-12-21T10:00:00+08:00'))).toBe('in_progress');
    expect(shownStatus('in_progress', start, new Date('2026-12-22T10:00:00+08:00'))).toBe('in_progress');
  });
  it('keeps every other status, started or not', () => {
    for (const status of APPOINTMENT_STATUSES.filter((s) => s !== 'in_progress')) {
      expect(shownStatus(status, start, new Date('2026-11-23T09:00:00+08:00'))).toBe(status);
    }
  });
});

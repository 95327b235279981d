import { describe, expect, it } from 'vitest';
import { statementAddress } from '../../application/clients/statement';

describe("a client's statement period, as typed", () => {
  it('is the statement tab of the client with the period in its address', () => {
    expect(statementAddress(7, '2026-09-01', '2026-10-31')._unsafeUnwrap()).toBe('/clients/statement/7?from=2026-09-01&to=2026-10-31');
    expect(statementAddress(7, '2026-10-31', '2026-10-31').isOk()).toBe(true);
  });

  it('names the field that is missing or wrong', () => {
    expect(statementAddress(7, '', '2026-10-31')._unsafeUnwrapErr()).toEqual({ field: 'from', key: 'statement.dateRequired' });
    expect(statementAddress(7, '2026-10-01', '2026-02-30')._unsafeUnwrapErr()).toEqual({ field: 'to', key: 'statement.dateRequired' });
    expect(statementAddress(7, '2026-11-01', '2026-10-31')._unsafeUnwrapErr()).toEqual({ field: 'from', key: 'statement.periodReversed' });
  });
});

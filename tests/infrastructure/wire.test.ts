import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Cents, Id, IsoDateText, listPage } from '../../contract/common';
import { decoderOf } from '../../infrastructure/http/wire';

const Row = z.object({ id: Id, name: z.string(), totalCents: Cents, date: IsoDateText });
const decode = decoderOf(listPage(Row));

describe('decoderOf: replies read through the wire contract', () => {
  it('reads a reply that matches into its type', () => {
    const reply = { items: [{ id: 7, name: '陳大文', totalCents: -1250, date: '2026-02-28' }], total: 1, page: 1, perPage: 15 };
    expect(decode(reply)._unsafeUnwrap()).toEqual(reply);
  });

  it('refuses a reply with a wrong or missing field, naming where, instead of defaulting it', () => {
    const issues = decode({ items: [{ id: 0, name: 5, totalCents: 1.5, date: '2026-02-30' }], total: 1, page: 1 })._unsafeUnwrapErr();
    expect(issues.map((issue) => issue.split(':')[0])).toEqual(expect.arrayContaining(['items.0.id', 'items.0.name', 'items.0.totalCents', 'items.0.date', 'perPage']));
  });
});

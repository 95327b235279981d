import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { ClientActionOutcome, StatementDesk, StatementSendRequest } from '../../application/ports/StatementDesk';
import { clientsOfInvoices, mayMailStatements, outcomeCounts, sendStatement, sendStatementsTo, statementPrint } from '../../application/statements/statements';
import type { StatementRecord } from '../../domain/documents/statementDocument';
import { statementDocument, statementReference } from '../../domain/documents/statementDocument';

/** The use-cases of statements beyond the screen, in Node with a plain fake desk (no DOM, no HTTP). */

const RECORD: StatementRecord = {
  clientId: 7,
  clientCode: 'C000007',
  client: { nameEn: 'Chan Tai Man', nameZh: '陳大文', address: '', contact: null },
  letterhead: { nameEn: 'Harbour Pest', nameZh: '海港除蟲', addressEn: '', addressZh: '', phone: '', fax: '', email: '', website: '', brNumber: '', logoUrl: null, chopUrl: null, payment: { fps: { type: 'fpsId', value: '1234567' }, bankName: 'HSBC', accountName: '', accountNumber: '1' } },
  statement: { from: '2026-10-01', to: '2026-10-31', opening: 100_00, entries: [], closing: 100_00, open: [], ageing: { notDue: 0, days1to30: 100_00, days31to60: 0, days61to90: 0, over90: 0 } },
  fpsQrUrl: '/api/clients/7/statement/fps-qr.png?from=2026-10-01&to=2026-10-31',
};

function fakeDesk() {
  const sent: { clientId: number; request: StatementSendRequest }[] = [];
  const many: (readonly number[])[] = [];
  const desk: StatementDesk = {
    printable: () => okAsync(RECORD),
    sends: () => okAsync({ sends: [], contacts: [], mailConfigured: true, clientLanguage: 'both' }),
    send: (clientId, request) => {
      sent.push({ clientId, request });
      return okAsync({ id: 1, recipient: request.to, language: request.language, message: request.message, status: 'queued', error: '', attempts: 0, jobId: 1, createdAt: '', sentAt: null, byName: null, period: request.period });
    },
    sendMany: (ids) => {
      many.push(ids);
      return okAsync(ids.map((clientId): ClientActionOutcome => ({ clientId, nameEn: '', nameZh: '', status: clientId === 7 ? 'queued' : 'skipped', recipient: clientId === 7 ? 'a@b.test' : null, reason: clientId === 7 ? null : 'noEmail' })));
    },
  };
  return { desk, sent, many };
}

describe('sending a statement by e-mail', () => {
  it('checks the address, then sends it trimmed with the period shown', async () => {
    const { desk, sent } = fakeDesk();
    const refused = await sendStatement(desk, 7, { from: '2026-10-01', to: '2026-10-31' }, { to: 'nobody', language: 'en', message: '' });
    expect(refused._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { to: [{ key: 'mail:send.emailFormat' }] } });
    expect(sent).toEqual([]);
    const queued = await sendStatement(desk, 7, { from: '2026-10-01', to: '2026-10-31' }, { to: ' a@b.test ', language: 'both', message: ' Hi ' });
    expect(queued.isOk()).toBe(true);
    expect(sent).toEqual([{ clientId: 7, request: { to: 'a@b.test', language: 'both', message: 'Hi', period: { from: '2026-10-01', to: '2026-10-31' } } }]);
  });

  it('is offered to those who may edit invoices', () => {
    expect(mayMailStatements({ role: { permissions: ['order_view', 'order_edit'] } } as never)).toBe(true);
    expect(mayMailStatements({ role: { permissions: ['order_view'] } } as never)).toBe(false);
    expect(mayMailStatements(null)).toBe(false);
  });
});

describe('the statement’s print view', () => {
  it('is the same document model as the PDF: the statement kind, its reference and how to pay what is owed', async () => {
    const doc = (await statementPrint(fakeDesk().desk, 7, { from: '2026-10-01', to: '2026-10-31' }))._unsafeUnwrap();
    const same = statementDocument(RECORD);
    expect([doc.number, doc.date, doc.balances, doc.payment]).toEqual([same.number, same.date, same.balances, same.payment]);
    expect(doc).toMatchObject({ kind: 'statement', number: 'C000007-20261031', signed: false, payment: { qrImage: RECORD.fpsQrUrl } });
    expect(statementReference('C000007', '2026-10-31')).toBe('C000007-20261031');
    // Nothing owed: no way to pay is printed.
    expect(statementDocument({ ...RECORD, statement: { ...RECORD.statement, closing: 0 } }).payment).toBeNull();
  });
});

describe('statements to several clients', () => {
  it('lists the clients of the invoices once each, with how many are theirs and what they owe', () => {
    const chan = { id: 7, nameEn: 'Chan', nameZh: '陳' };
    const lee = { id: 10, nameEn: 'Lee', nameZh: '李' };
    expect(clientsOfInvoices([{ client: chan, outstanding: 100 }, { client: lee, outstanding: 50 }, { client: chan, outstanding: 25 }])).toEqual([
      { ...chan, invoices: 2, outstanding: 125 },
      { ...lee, invoices: 1, outstanding: 50 },
    ]);
  });

  it('refuses to send with no client chosen, else sends the ids and gives each outcome', async () => {
    const { desk, many } = fakeDesk();
    expect((await sendStatementsTo(desk, []))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { clients: [{ key: 'statements:bulk.noneSelected' }] } });
    expect(many).toEqual([]);
    const outcomes = (await sendStatementsTo(desk, [7, 10]))._unsafeUnwrap();
    expect(many).toEqual([[7, 10]]);
    expect(outcomeCounts(outcomes)).toEqual({ queued: 1, skipped: 1 });
  });

  it('passes a refusal of the server on', async () => {
    const { desk } = fakeDesk();
    const failing: StatementDesk = { ...desk, sendMany: () => errAsync({ code: 'forbidden', message: '' } as never) };
    expect((await sendStatementsTo(failing, [7]))._unsafeUnwrapErr()).toMatchObject({ code: 'forbidden' });
  });
});

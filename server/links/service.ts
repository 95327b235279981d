import { err, ok, type Result } from 'neverthrow';
import { customerMayRespond, outcomeStatus, type CustomerOutcome, type ResponseRefusal } from '../../domain/quotations/customerResponse';
import { statementReference } from '../../domain/documents/statementDocument';
import { hongKongDate, type IsoDate } from '../../domain/time/dates';
import { visitRow } from '../appointments/repository';
import type { CustomerDocumentReply, DocumentLink } from '../../contract/customerLinks';
import type { Encrypter } from '../auth/encryption';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AuditEntry } from '../audit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller, Db, Tx } from '../sales/caller';
import { serviceReportLinkable } from '../../domain/links/linkedDocuments';
import { activeOptions } from '../admin/lists/optionLists';
import type { PdfRef } from '../documents/parts';
import { serviceReportRecord } from '../documents/serviceReport';
import { loadOrder } from '../sales/orders/service';
import { receiptById } from '../sales/receipts/repository';
import { receiptDetail } from '../sales/receipts/service';
import { statementRecord } from '../statements/record';
import { statementClient } from '../statements/repository';
import { defaultStatementPeriod } from '../clients/statement';
import { updateStatus } from '../sales/quotations/repository';
import { loadQuotation } from '../sales/quotations/service';
import { conflict, notFound, type Failure } from '../service/failure';
import { insertLink, insertResponse, linkOf, linksOf, liveLink, logOpen, opensOf, revokeLink, setTokenHash, standingLink, type LinkedType, type LinkRow } from './repository';
import { quotationResponse } from './responses';
import { makeLinkToken, readLinkToken } from './token';

/** Customer links (docs/security.md, "Customer links"): staff make, list and revoke them; a customer opens one and answers a quotation. */

export type LinkFailure = Failure<{ readonly code: ResponseRefusal }>;
/** The failures of staff's link actions: a service report not yet completed gets no link. */
export type StaffLinkFailure = Failure<'reportNotCompleted'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A client's statement as a link shows it: as of the day the link is opened (the Statement tab's
 * default period, the last three months to that day), so the customer always sees what is owed now.
 */
export const linkStatementPeriod = (now: Date) => defaultStatementPeriod(hongKongDate(now));

/**
 * The document a link names, as it now is; null when there is none (a receipt's link names a receipt
 * row of kind receipt, a refund's one of kind refund: one type never reaches another's record).
 */
async function linkedDocument(db: Db, now: Date, type: LinkedType, id: number) {
  const today = hongKongDate(now);
  switch (type) {
    case 'quotation': {
      const quotation = await loadQuotation(db, today, id);
      return quotation ? ({ type, quotation } as const) : null;
    }
    case 'invoice': {
      const order = await loadOrder(db, today, id);
      return order ? ({ type, order } as const) : null;
    }
    case 'receipt':
    case 'refund': {
      const row = await receiptById(db, id);
      if (!row || row.kind !== type) return null;
      const detail = await receiptDetail({ db }, id);
      return detail.isOk() ? ({ type, branchId: row.branch_id, ...detail.value } as const) : null;
    }
    case 'serviceReport': {
      const report = await serviceReportRecord(db, id);
      return report ? ({ type, report } as const) : null;
    }
    case 'statement': {
      const client = await statementClient(db, id);
      return client ? ({ type, clientId: id, branchId: client.branch_id } as const) : null;
    }
  }
}

/** What the audit log names for a link's document: the record staff know it by. */
function audited(document: NonNullable<Awaited<ReturnType<typeof linkedDocument>>>, id: number): { entityType: string; entityId: number; changes: Record<string, unknown> } {
  switch (document.type) {
    case 'quotation':
      return { entityType: 'quotation', entityId: id, changes: {} };
    case 'invoice':
      return { entityType: 'order', entityId: id, changes: {} };
    case 'receipt':
    case 'refund':
      return { entityType: 'receipt', entityId: id, changes: { document: document.type } };
    case 'serviceReport':
      return { entityType: 'appointment_report', entityId: document.report.appointmentId, changes: { document: 'serviceReport', date: document.report.date } };
    case 'statement':
      return { entityType: 'client', entityId: id, changes: { document: 'statement' } };
  }
}

/** The branch whose company a link's document prints under (its logo and chop); null: the first company. */
export async function letterheadBranchOf(db: Db, now: Date, link: OpenLink): Promise<number | null> {
  const doc = await linkedDocument(db, now, link.type, link.documentId);
  if (!doc) return null;
  switch (doc.type) {
    case 'quotation':
      return doc.quotation.branchId;
    case 'invoice':
      return doc.order.branchId;
    case 'serviceReport':
      return null;
    default:
      return doc.branchId;
  }
}

function linkView(row: LinkRow, opens: readonly { link_id: number; opened_at: Date | string; ip: string | null; user_agent: string }[], now: Date): DocumentLink {
  return {
    id: row.id,
    createdAt: iso(row.created_at),
    createdBy: row.created_by_name,
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
    state: row.revoked_at ? 'revoked' : new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'active',
    openCount: row.open_count,
    opens: opens.filter((o) => o.link_id === row.id).map((o) => ({ at: iso(o.opened_at), ip: o.ip, userAgent: o.user_agent })),
  };
}

/** A document's links, newest first, with their latest opens. */
export async function documentLinks(caller: Caller, type: LinkedType, id: number): Promise<Result<DocumentLink[], StaffLinkFailure>> {
  if (!(await linkedDocument(caller.db, caller.now(), type, id))) return err(notFound);
  const rows = await linksOf(caller.db, type, id);
  const opens = await opensOf(caller.db, rows.map((r) => r.id));
  return ok(rows.map((r) => linkView(r, opens, caller.now())));
}

/**
 * Makes a link to a document, valid for `days`; its address (/d/{token}) is given this once, only
 * the token's SHA-256 is kept. A draft quotation is sent by it: it moves to 'sent' (the domain's
 * transition), so the customer can answer it.
 */
export async function makeDocumentLink(caller: Caller, encrypter: Encrypter, type: LinkedType, id: number, days: number): Promise<Result<{ link: DocumentLink; path: string }, StaffLinkFailure>> {
  const { db, now, user } = caller;
  const at = now();
  const document = await linkedDocument(db, at, type, id);
  if (!document) return err(notFound);
  if (document.type === 'serviceReport' && !serviceReportLinkable(document.report.status)) return err({ code: 'reportNotCompleted' });
  const entity = audited(document, id);
  const expiresAt = new Date(at.getTime() + days * DAY_MS);
  const made = await db.transaction().execute(async (tx) => {
    const linkId = await insertLink(tx, { type, documentId: id, placeholder: `pending:${randomToken(16)}`, expiresAt, userId: user.id, now: at });
    const token = await makeLinkToken(encrypter, linkId, expiresAt);
    await setTokenHash(tx, linkId, await sha256Hex(token));
    await caller.audit({ action: 'link_create', entityType: entity.entityType, entityId: entity.entityId, changes: { ...entity.changes, linkId, expiresAt: expiresAt.toISOString() } }, tx);
    if (document.type === 'quotation' && document.quotation.status === 'draft') {
      const sent = await updateStatus(tx, id, document.quotation.version, { status: 'sent' }, at);
      if (!sent) return null;
      await caller.audit({ action: 'status', entityType: 'quotation', entityId: id, changes: { status: { from: 'draft', to: 'sent' }, via: 'customerLink' } }, tx);
    }
    return { linkId, token };
  });
  if (!made) return err(conflict);
  const row = await linkOf(db, type, id, made.linkId);
  return ok({ link: linkView(row!, [], at), path: `/d/${made.token}` });
}

/**
 * A new address for a link made earlier whose address was never shown (an e-mail's link, made when
 * the e-mail was asked for): a fresh token replaces its hash, so only the address put in the e-mail
 * opens it, and an earlier attempt's address no longer does. Null when the link was revoked or has
 * expired meanwhile.
 */
export async function reissueLinkAddress(db: Kysely<Database>, encrypter: Encrypter, linkId: number, now: Date): Promise<string | null> {
  const link = await liveLink(db, linkId, now);
  if (!link) return null;
  const token = await makeLinkToken(encrypter, linkId, new Date(link.expires_at));
  const hash = await sha256Hex(token);
  await db.transaction().execute((tx) => setTokenHash(tx, linkId, hash));
  return `/d/${token}`;
}

/** Revokes a link of a document: it answers 404 from now on. */
export async function revokeDocumentLink(caller: Caller, type: LinkedType, id: number, linkId: number): Promise<Result<DocumentLink, StaffLinkFailure>> {
  const { db, now, user } = caller;
  const row = await linkOf(db, type, id, linkId);
  if (!row) return err(notFound);
  const document = await linkedDocument(db, now(), type, id);
  const entity = document ? audited(document, id) : { entityType: type, entityId: id, changes: {} };
  if (!row.revoked_at) {
    await db.transaction().execute(async (tx) => {
      if (await revokeLink(tx, linkId, user.id, now())) {
        await caller.audit({ action: 'link_revoke', entityType: entity.entityType, entityId: entity.entityId, changes: { ...entity.changes, linkId } }, tx);
      }
    });
  }
  const after = await linkOf(db, type, id, linkId);
  const opens = await opensOf(db, [linkId]);
  return ok(linkView(after!, opens, now()));
}

/* The customer's side. */

export interface Visitor {
  readonly db: Db;
  readonly encrypter: Encrypter;
  readonly now: () => Date;
  readonly ip: string | null;
  readonly userAgent: string;
}

export interface OpenLink {
  readonly id: number;
  readonly type: LinkedType;
  readonly documentId: number;
}

/**
 * The link a token names, when it stands (signature, expiry, its hash on file, not revoked); null
 * otherwise, whatever the reason, so a caller cannot tell a forged token from a revoked one.
 */
export async function standing(visitor: Visitor, token: string): Promise<OpenLink | null> {
  const at = visitor.now();
  const read = await readLinkToken(visitor.encrypter, token, at);
  if (!read) return null;
  const row = await standingLink(visitor.db, read.linkId, await sha256Hex(token), at);
  return row ? { id: row.id, type: row.document_type, documentId: row.document_id } : null;
}

/** Logs one open of a link: when, the address the server saw, the browser. */
export const logLinkOpen = (visitor: Visitor, link: OpenLink) => logOpen(visitor.db, link.id, visitor.now(), visitor.ip, visitor.userAgent);

/** The document a customer's link shows now: none once gone, nor a service report no longer completed (sent back to the field). */
async function shownDocument(db: Db, now: Date, link: OpenLink) {
  const found = await linkedDocument(db, now, link.type, link.documentId);
  return found && (found.type !== 'serviceReport' || serviceReportLinkable(found.report.status)) ? found : null;
}

/** The PDF a link offers, as its page shows the document (a refund's is a receipts' record; a statement as of today); null when it shows none. */
export async function linkPdfRef(visitor: Visitor, link: OpenLink): Promise<PdfRef | null> {
  const now = visitor.now();
  if (!(await shownDocument(visitor.db, now, link))) return null;
  if (link.type === 'statement') return { kind: 'statement', id: link.documentId, period: linkStatementPeriod(now) };
  return { kind: link.type === 'refund' ? 'receipt' : link.type, id: link.documentId };
}

/** The parts of the customer's page a kind has not: no lines, no figures, no quotation or invoice facts. */
const EMPTY: Omit<CustomerDocumentReply['document'], 'kind' | 'number' | 'date' | 'letterhead' | 'client'> = {
  items: [],
  subtotal: 0,
  discountRateBp: 0,
  discount: 0,
  total: 0,
  terms: [],
  notes: '',
  salesperson: null,
  validUntil: null,
  contract: null,
  status: null,
  dueDate: null,
  orderType: null,
  paid: null,
  outstanding: null,
  voided: false,
  quotationNumber: null,
  fpsQrUrl: null,
  receipt: null,
  statement: null,
  serviceReport: null,
};

type Letterhead = CustomerDocumentReply['document']['letterhead'];
type Party = CustomerDocumentReply['document']['client'];

const pngDataUrl = (bytes: Uint8Array | null): string | null => {
  if (!bytes || bytes.length === 0) return null;
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/png;base64,${btoa(binary)}`;
};

/**
 * What the customer's page shows (`base`: the link's own address, /api/public/documents/{token},
 * which its pictures hang under): the document as printed and nothing else (no record ids); for a
 * quotation whether it can still be answered. A statement is the client's as of today.
 */
export async function customerView(visitor: Visitor, link: OpenLink, pdf: boolean, base: string): Promise<Result<CustomerDocumentReply, LinkFailure>> {
  const now = visitor.now();
  const found = await shownDocument(visitor.db, now, link);
  if (!found) return err(notFound);
  const pictures = (head: Letterhead): Letterhead => (head ? { ...head, logoUrl: head.logoUrl ? `${base}/logo` : null, chopUrl: head.chopUrl ? `${base}/chop` : null } : null);
  const party = (client: Party): Party => (client ? { nameEn: client.nameEn, nameZh: client.nameZh, address: client.address, contact: client.contact } : null);
  const reply = (document: CustomerDocumentReply['document']): CustomerDocumentReply => ({ document, response: null, canRespond: false, refusal: null, pdf });

  switch (found.type) {
    case 'receipt':
    case 'refund': {
      const r = found.receipt;
      const reasons = r.kind === 'refund' && r.reason ? await activeOptions(visitor.db, 'refund_reason') : [];
      const preset = reasons.find((o) => o.nameEn === r.reason || o.nameZh === r.reason || o.value === r.reason);
      return ok(
        reply({
          ...EMPTY,
          kind: found.type,
          number: r.number,
          date: r.date,
          letterhead: pictures(found.letterhead),
          client: party(r.client),
          receipt: {
            invoiceNumber: r.order.number,
            method: r.method,
            methodName: r.methodName,
            reference: r.reference,
            amount: r.amount,
            reason: r.reason,
            reasonWords: preset ? { nameEn: preset.nameEn, nameZh: preset.nameZh } : null,
          },
        }),
      );
    }
    case 'statement': {
      const record = await statementRecord(visitor.db, found.clientId, linkStatementPeriod(now));
      if (!record) return err(notFound);
      const s = record.statement;
      return ok(
        reply({
          ...EMPTY,
          kind: 'statement',
          number: statementReference(record.clientCode, s.to),
          date: s.to,
          letterhead: pictures(record.letterhead),
          client: party(record.client),
          fpsQrUrl: record.fpsQrUrl === null ? null : `${base}/fps-qr.png?amount=${s.closing}`,
          statement: {
            clientCode: record.clientCode,
            from: s.from,
            to: s.to,
            opening: s.opening,
            entries: s.entries.map((e) => ({ kind: e.kind, number: e.number, date: e.date, invoiceNumber: e.invoiceNumber, debit: e.debit, credit: e.credit, balance: e.balance })),
            closing: s.closing,
            open: s.open.map((o) => ({ number: o.number, date: o.date, dueDate: o.dueDate, total: o.total, outstanding: o.outstanding, daysOverdue: o.daysOverdue, bucket: o.bucket })),
            ageing: s.ageing,
          },
        }),
      );
    }
    case 'serviceReport': {
      const { record, signatures } = found.report;
      return ok(
        reply({
          ...EMPTY,
          kind: 'serviceReport',
          number: `${record.client?.code ?? ''} ${record.date}`.trim(),
          date: record.date,
          letterhead: null,
          client: record.client ? { nameEn: record.client.nameEn, nameZh: record.client.nameZh, address: record.address, contact: null } : null,
          serviceReport: {
            ...record,
            products: [...record.products],
            photos: [...record.photos],
            workers: [...record.workers],
            signatures: record.signatures.map((sig) => ({ ...sig, image: pngDataUrl(signatures[sig.who]) })),
          },
        }),
      );
    }
    default:
      break;
  }

  const d = found.type === 'quotation' ? found.quotation : found.order;
  const common = {
    ...EMPTY,
    kind: link.type,
    number: d.number,
    date: d.date,
    letterhead: pictures(d.letterhead),
    client: party(d.client),
    items: d.items.map((i) => ({ descriptionEn: i.descriptionEn, descriptionZh: i.descriptionZh, quantity: i.quantity, unit: i.unit, unitPrice: i.unitPrice, lineTotal: i.lineTotal })),
    subtotal: d.subtotal,
    discountRateBp: d.discountRateBp,
    discount: d.discount,
    total: d.total,
    terms: d.terms.map((t) => ({ titleEn: t.titleEn, titleZh: t.titleZh, bodyEn: t.bodyEn, bodyZh: t.bodyZh })),
    notes: d.notes,
    salesperson: d.salesperson,
  };
  if (found.type === 'quotation') {
    const q = found.quotation;
    const response = await quotationResponse(visitor.db, q.id);
    const may = customerMayRespond(q.status, q.order !== null);
    return ok({
      document: { ...common, validUntil: q.validUntil, contract: q.contract, status: q.status },
      response: response ? { outcome: response.outcome, name: response.name, signature: response.signature, reason: response.reason, at: response.at } : null,
      canRespond: may.isOk(),
      refusal: may.isErr() ? may.error.code : null,
      pdf,
    });
  }
  const o = found.order;
  return ok(
    reply({
      ...common,
      dueDate: o.dueDate,
      orderType: o.type,
      paid: o.paid,
      outstanding: o.outstanding,
      voided: o.voided,
      quotationNumber: o.quotation?.number ?? null,
      fpsQrUrl: o.fpsQrUrl === null ? null : `${base}/fps-qr.png?amount=${o.outstanding}`,
    }),
  );
}

export type Answer = { readonly outcome: 'accepted'; readonly name: string; readonly signature: Uint8Array } | { readonly outcome: 'declined'; readonly reason: string; readonly name: string };

/**
 * The customer's answer to a quotation through its link: the quotation moves by the domain's rules
 * (sent → accepted or rejected; not when expired, already decided or made an invoice), the answer
 * is kept (name, signature, time, address, browser) and audited as the customer's via the link.
 */
export async function answerQuotation(visitor: Visitor, link: OpenLink, answer: Answer, audit: (entry: AuditEntry, tx: Tx) => Promise<void>): Promise<Result<void, LinkFailure>> {
  if (link.type !== 'quotation') return err(notFound);
  const at = visitor.now();
  const before = await loadQuotation(visitor.db, hongKongDate(at), link.documentId);
  if (!before) return err(notFound);
  const outcome: CustomerOutcome = answer.outcome;
  const may = customerMayRespond(before.status, before.order !== null, outcome);
  if (may.isErr()) return err(may.error);
  const done = await visitor.db.transaction().execute(async (tx) => {
    const moved = await updateStatus(tx, before.id, before.version, { status: outcomeStatus(outcome) as 'accepted' | 'rejected' }, at);
    if (!moved) return false;
    await insertResponse(tx, {
      quotationId: before.id,
      linkId: link.id,
      outcome,
      name: answer.name,
      signature: answer.outcome === 'accepted' ? answer.signature : null,
      reason: answer.outcome === 'declined' ? answer.reason : '',
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      at,
    });
    await audit(
      {
        action: outcome === 'accepted' ? 'customer_accept' : 'customer_decline',
        entityType: 'quotation',
        entityId: before.id,
        changes: { status: { from: before.status, to: outcomeStatus(outcome) }, via: 'customerLink', linkId: link.id, name: answer.name, ...(answer.outcome === 'declined' ? { reason: answer.reason } : { signatureBytes: answer.signature.length }) },
      },
      tx,
    );
    return true;
  });
  return done ? ok(undefined) : err(conflict);
}

/* What staff's link addresses name. */

/** The type of the link a receipts' record takes: a receipt's or a refund's, by its kind; null when there is none. */
export async function receiptLinkType(db: Db, id: number): Promise<'receipt' | 'refund' | null> {
  return (await receiptById(db, id))?.kind ?? null;
}

/** The row of a visit's report (appointment_visits.id) that a service report's links name; null when the visit has none yet. */
export async function reportVisitId(db: Db, appointmentId: number, date: IsoDate): Promise<number | null> {
  return (await visitRow(db, appointmentId, date))?.id ?? null;
}

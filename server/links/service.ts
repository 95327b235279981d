import { err, ok, type Result } from 'neverthrow';
import { customerMayRespond, outcomeStatus, type CustomerOutcome, type ResponseRefusal } from '../../domain/quotations/customerResponse';
import { hongKongDate, type IsoDate } from '../../domain/time/dates';
import type { CustomerDocumentReply, DocumentLink } from '../../contract/customerLinks';
import type { Encrypter } from '../auth/encryption';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AuditEntry } from '../audit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller, Db, Tx } from '../sales/caller';
import { loadOrder } from '../sales/orders/service';
import { updateStatus } from '../sales/quotations/repository';
import { loadQuotation } from '../sales/quotations/service';
import { conflict, notFound, type Failure } from '../service/failure';
import { insertLink, insertResponse, linkOf, linksOf, liveLink, logOpen, opensOf, revokeLink, setTokenHash, standingLink, type LinkedType, type LinkRow } from './repository';
import { quotationResponse } from './responses';
import { makeLinkToken, readLinkToken } from './token';

/** Customer links (docs/security.md, "Customer links"): staff make, list and revoke them; a customer opens one and answers a quotation. */

export type LinkFailure = Failure<{ readonly code: ResponseRefusal }>;
/** The failures of staff's link actions. */
export type StaffLinkFailure = Failure;

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** The document a link may be made for, as it now is; null when there is none. */
async function linkedDocument(db: Db, today: IsoDate, type: LinkedType, id: number) {
  if (type === 'quotation') {
    const quotation = await loadQuotation(db, today, id);
    return quotation ? ({ type, quotation } as const) : null;
  }
  const order = await loadOrder(db, today, id);
  return order ? ({ type, order } as const) : null;
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
  if (!(await linkedDocument(caller.db, caller.today, type, id))) return err(notFound);
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
  const { db, now, today, user } = caller;
  const document = await linkedDocument(db, today, type, id);
  if (!document) return err(notFound);
  const at = now();
  const expiresAt = new Date(at.getTime() + days * DAY_MS);
  const made = await db.transaction().execute(async (tx) => {
    const linkId = await insertLink(tx, { type, documentId: id, placeholder: `pending:${randomToken(16)}`, expiresAt, userId: user.id, now: at });
    const token = await makeLinkToken(encrypter, linkId, expiresAt);
    await setTokenHash(tx, linkId, await sha256Hex(token));
    await caller.audit({ action: 'link_create', entityType: type === 'quotation' ? 'quotation' : 'order', entityId: id, changes: { linkId, expiresAt: expiresAt.toISOString() } }, tx);
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
  if (!row.revoked_at) {
    await db.transaction().execute(async (tx) => {
      if (await revokeLink(tx, linkId, user.id, now())) {
        await caller.audit({ action: 'link_revoke', entityType: type === 'quotation' ? 'quotation' : 'order', entityId: id, changes: { linkId } }, tx);
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

/** What the customer's page shows (`base`: the link's own address, /api/public/documents/{token}, which its pictures hang under): the document as printed, and for a quotation whether it can still be answered. */
export async function customerView(visitor: Visitor, link: OpenLink, pdf: boolean, base: string): Promise<Result<CustomerDocumentReply, LinkFailure>> {
  const today = hongKongDate(visitor.now());
  const found = await linkedDocument(visitor.db, today, link.type, link.documentId);
  if (!found) return err(notFound);
  const d = found.type === 'quotation' ? found.quotation : found.order;
  const letterhead = d.letterhead
    ? { ...d.letterhead, logoUrl: d.letterhead.logoUrl ? `${base}/logo` : null, chopUrl: d.letterhead.chopUrl ? `${base}/chop` : null }
    : null;
  const common = {
    kind: link.type,
    number: d.number,
    date: d.date,
    letterhead,
    client: d.client ? { nameEn: d.client.nameEn, nameZh: d.client.nameZh, address: d.client.address, contact: d.client.contact } : null,
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
      document: { ...common, validUntil: q.validUntil, contract: q.contract, status: q.status, dueDate: null, orderType: null, paid: null, outstanding: null, voided: false, quotationNumber: null, fpsQrUrl: null },
      response: response ? { outcome: response.outcome, name: response.name, signature: response.signature, reason: response.reason, at: response.at } : null,
      canRespond: may.isOk(),
      refusal: may.isErr() ? may.error.code : null,
      pdf,
    });
  }
  const o = found.order;
  return ok({
    document: {
      ...common,
      validUntil: null,
      contract: null,
      status: null,
      dueDate: o.dueDate,
      orderType: o.type,
      paid: o.paid,
      outstanding: o.outstanding,
      voided: o.voided,
      quotationNumber: o.quotation?.number ?? null,
      fpsQrUrl: o.fpsQrUrl === null ? null : `${base}/fps-qr.png?amount=${o.outstanding}`,
    },
    response: null,
    canRespond: false,
    refusal: null,
    pdf,
  });
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

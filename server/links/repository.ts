import { sql } from 'kysely';
import type { Db, Tx } from '../sales/caller';

/** Customer links, their opens and quotations' answers through them: SQL only. */

export type { LinkedDocument as LinkedType } from '../../domain/links/linkedDocuments';
import type { LinkedDocument as LinkedType } from '../../domain/links/linkedDocuments';

export interface LinkRow {
  readonly id: number;
  readonly document_type: LinkedType;
  readonly document_id: number;
  readonly expires_at: Date;
  readonly revoked_at: Date | null;
  readonly created_at: Date;
  readonly created_by_name: string | null;
  readonly open_count: number;
}

/** Inserts a link with a placeholder hash (its token names its id, so the hash is set next); its id. */
export async function insertLink(tx: Tx, values: { type: LinkedType; documentId: number; placeholder: string; expiresAt: Date; userId: number | null; now: Date }): Promise<number> {
  const row = await tx
    .insertInto('document_links')
    .values({ document_type: values.type, document_id: values.documentId, token_hash: values.placeholder, expires_at: values.expiresAt, created_by: values.userId, created_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setTokenHash(tx: Tx, id: number, hash: string): Promise<void> {
  await tx.updateTable('document_links').set({ token_hash: hash }).where('id', '=', id).execute();
}

const linkColumns = (db: Db) =>
  db
    .selectFrom('document_links as l')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select(['l.id', 'l.document_type', 'l.document_id', 'l.expires_at', 'l.revoked_at', 'l.created_at', 'u.name as created_by_name'])
    .select((eb) => eb.selectFrom('document_link_opens as o').whereRef('o.link_id', '=', 'l.id').select(sql<number>`count(*)::int`.as('n')).as('open_count'));

/** A document's links, newest first. */
export async function linksOf(db: Db, type: LinkedType, documentId: number): Promise<LinkRow[]> {
  const rows = await linkColumns(db).where('l.document_type', '=', type).where('l.document_id', '=', documentId).orderBy('l.id', 'desc').limit(100).execute();
  return rows.map((r) => ({ ...r, open_count: Number(r.open_count ?? 0) }));
}

export async function linkOf(db: Db, type: LinkedType, documentId: number, linkId: number): Promise<LinkRow | null> {
  const row = await linkColumns(db).where('l.id', '=', linkId).where('l.document_type', '=', type).where('l.document_id', '=', documentId).executeTakeFirst();
  return row ? { ...row, open_count: Number(row.open_count ?? 0) } : null;
}

/** The latest opens of these links, newest first (at most `perLink` each). */
export async function opensOf(db: Db, linkIds: readonly number[], perLink = 20) {
  if (linkIds.length === 0) return [];
  const rows = await db
    .selectFrom('document_link_opens')
    .select(['link_id', 'opened_at', 'ip', 'user_agent'])
    .select(sql<number>`row_number() over (partition by link_id order by opened_at desc, id desc)`.as('rank'))
    .where('link_id', 'in', linkIds)
    .execute();
  return rows.filter((r) => Number(r.rank) <= perLink).sort((a, b) => new Date(b.opened_at).getTime() - new Date(a.opened_at).getTime());
}

export async function revokeLink(tx: Tx, id: number, userId: number, now: Date): Promise<boolean> {
  const done = await tx.updateTable('document_links').set({ revoked_at: now, revoked_by: userId }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** The link a token names, when it stands: this id, this hash, not revoked, not expired at `now`. */
/** A link that is neither revoked nor expired, by its id alone (its expiry), or null. */
export async function liveLink(db: Db, id: number, now: Date) {
  return (await db.selectFrom('document_links').select(['id', 'expires_at']).where('id', '=', id).where('revoked_at', 'is', null).where('expires_at', '>', now).executeTakeFirst()) ?? null;
}

export async function standingLink(db: Db, id: number, hash: string, now: Date) {
  return (
    (await db
      .selectFrom('document_links')
      .select(['id', 'document_type', 'document_id', 'expires_at'])
      .where('id', '=', id)
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()) ?? null
  );
}

export async function logOpen(db: Db, linkId: number, at: Date, ip: string | null, userAgent: string): Promise<void> {
  await db.insertInto('document_link_opens').values({ link_id: linkId, opened_at: at, ip, user_agent: userAgent.slice(0, 500) }).execute();
}

/** A quotation's latest answer through a link. */
export async function latestResponse(db: Db, quotationId: number) {
  return (
    (await db
      .selectFrom('quotation_responses')
      .select(['outcome', 'name', 'signature', 'reason', 'ip', 'responded_at'])
      .where('quotation_id', '=', quotationId)
      .orderBy('responded_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null
  );
}

export async function insertResponse(
  tx: Tx,
  values: { quotationId: number; linkId: number; outcome: 'accepted' | 'declined'; name: string; signature: Uint8Array | null; reason: string; ip: string | null; userAgent: string; at: Date },
): Promise<void> {
  await tx
    .insertInto('quotation_responses')
    .values({
      quotation_id: values.quotationId,
      link_id: values.linkId,
      outcome: values.outcome,
      name: values.name,
      signature: values.signature,
      reason: values.reason,
      ip: values.ip,
      user_agent: values.userAgent.slice(0, 500),
      responded_at: values.at,
    })
    .execute();
}

/** The files of the company a branch prints under (its logo and chop). */
export async function letterheadFilesOfBranch(db: Db, branchId: number | null) {
  if (branchId === null) return null;
  return (
    (await db
      .selectFrom('branches as b')
      .innerJoin('companies as c', 'c.id', 'b.company_id')
      .select(['c.logo_key', 'c.logo_type', 'c.chop_key', 'c.chop_type'])
      .where('b.id', '=', branchId)
      .executeTakeFirst()) ?? null
  );
}

/** The latest answers of customers through links, newest first (the dashboard's "customer responses"). */
export async function recentResponses(db: Db, limit: number) {
  return db
    .selectFrom('quotation_responses as r')
    .innerJoin('quotations as q', 'q.id', 'r.quotation_id')
    .innerJoin('clients as c', 'c.id', 'q.client_id')
    .select(['r.id', 'r.quotation_id', 'q.number', 'q.kind', 'r.outcome', 'r.name', 'r.responded_at', 'c.name_en', 'c.name_zh'])
    .orderBy('r.responded_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

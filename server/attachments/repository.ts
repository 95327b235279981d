import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** 'report': photos of a visit's completed report, served and deleted by the appointment routes (they check who may see the appointment). */
export type OwnerType = 'client' | 'order' | 'report';

/** Which of the owner's files a listing reads: all, those of a branch, those of an uploader, or none. */
export type AttachmentFilter = { readonly kind: 'all' } | { readonly kind: 'branch'; readonly branchId: number } | { readonly kind: 'uploader'; readonly userId: number };

/** An owner's attachments, newest first, with their uploader's name. */
export function attachmentRows(db: Db, ownerType: OwnerType, ownerId: number, filter: AttachmentFilter) {
  let query = db
    .selectFrom('attachments')
    .leftJoin('users', 'users.id', 'attachments.uploaded_by')
    .select([
      'attachments.id',
      'attachments.display_name',
      'attachments.content_type',
      'attachments.size_bytes',
      'attachments.created_at',
      'attachments.uploaded_by',
      'users.name as uploader',
    ])
    .where('attachments.owner_type', '=', ownerType)
    .where('attachments.owner_id', '=', ownerId);
  if (filter.kind === 'branch') query = query.where('attachments.branch_id', '=', filter.branchId);
  if (filter.kind === 'uploader') query = query.where('attachments.uploaded_by', '=', filter.userId);
  return query.orderBy('attachments.created_at', 'desc').orderBy('attachments.id', 'desc').execute();
}

/** The record that owns uploads (a client or an order) and its branch, or undefined. */
export function findOwner(db: Db, table: 'clients' | 'orders', id: number) {
  return db.selectFrom(table).select(['id', 'branch_id']).where('id', '=', id).executeTakeFirst();
}

export function findAttachment(db: Db, id: number) {
  return db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewAttachment {
  readonly owner_type: OwnerType;
  readonly owner_id: number;
  readonly file_key: string;
  readonly display_name: string;
  readonly content_type: string;
  readonly size_bytes: number;
  readonly branch_id: number | null;
  readonly uploaded_by: number;
  readonly created_at: Date;
}

export async function insertAttachment(db: Db, values: NewAttachment): Promise<number> {
  return (await db.insertInto('attachments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteAttachment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).execute();
}

/** Deletes an owner's attachment rows; the keys of their stored files, to delete once the change is kept. */
export async function deleteOwnerAttachments(db: Db, ownerType: OwnerType, ownerId: number): Promise<string[]> {
  const rows = await db.deleteFrom('attachments').where('owner_type', '=', ownerType).where('owner_id', '=', ownerId).returning('file_key').execute();
  return rows.map((r) => r.file_key);
}

import { dateText } from '../db/columns';
import type { Db } from '../sales/caller';

/** SQL of statements of account: the client a statement is of, and the log of statements sent by e-mail. */

/** A client's id, branch, names and the language of its e-mails; undefined when there is none. */
export const statementClient = (db: Db, id: number) => db.selectFrom('clients').select(['id', 'branch_id', 'name_en', 'name_zh', 'mail_language']).where('id', '=', id).executeTakeFirst();

/** The id, branch, names and e-mail language of each of these clients that exists. */
export const statementClients = (db: Db, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('clients').select(['id', 'branch_id', 'name_en', 'name_zh', 'mail_language']).where('id', 'in', [...ids]).execute();

/** The period each statement e-mail of these sends covers, by send id. */
export async function sendPeriods(db: Db, sendIds: readonly number[]): Promise<Map<number, { from: string; to: string }>> {
  if (sendIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('document_sends')
    .select(['id', dateText('period_from', 'from'), dateText('period_to', 'to')])
    .where('id', 'in', [...sendIds])
    .execute();
  return new Map(rows.filter((r) => r.from && r.to).map((r) => [r.id, { from: r.from, to: r.to }]));
}

/** The period a send's statement covers (its job reads it); undefined when the send is no statement's. */
export const sendPeriod = (db: Db, sendId: number) =>
  db
    .selectFrom('document_sends')
    .select([dateText('period_from', 'from'), dateText('period_to', 'to')])
    .where('id', '=', sendId)
    .where('document_type', '=', 'statement')
    .executeTakeFirst();

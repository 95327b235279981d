import type { Kysely, Transaction } from 'kysely';
import { documentNumber } from '../../domain/documents/numbering';
import { lineTotal, type Cents, type QuantityHundredths } from '../../domain/money/money';
import { CODE_SETTINGS, type CodeKey } from '../../domain/settings/codes';
import { parts, type IsoDate } from '../../domain/time/dates';
import type { Database } from './schema';

/** Document numbers and lines, shared by the API and the demo seed. */

type Db = Kysely<Database> | Transaction<Database>;

/** A code from Settings → Codes, or its default. */
export async function codeValue(db: Db, key: CodeKey): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? CODE_SETTINGS[key].default;
}

export type PrefixKey = 'quotation_prefix' | 'invoice_prefix' | 'receipt_prefix' | 'refund_prefix';

/**
 * The company a document belongs to, for its number: its branch's company, or else its client's
 * company (null when neither is set).
 */
export async function documentCompany(db: Db, branchId: number | null, clientId: number | null): Promise<number | null> {
  if (branchId !== null) {
    const branch = await db.selectFrom('branches').select('company_id').where('id', '=', branchId).executeTakeFirst();
    if (branch) return branch.company_id;
  }
  if (clientId === null) return null;
  return (await db.selectFrom('clients').select('company_id').where('id', '=', clientId).executeTakeFirst())?.company_id ?? null;
}

/**
 * The next number for a document dated `date` of company `companyId`: the company's own prefix for
 * this kind of document, or else the one from Settings → Codes; the year; and the next value of that
 * prefix's yearly sequence. A company with its own prefixes therefore counts its documents on its
 * own, and numbers stay unique across companies. Companies without their own prefix share that
 * prefix's sequence on purpose: `number` is unique in the quotations, orders and receipts tables, so
 * counting them apart under one prefix would give two companies the same number. The upsert takes
 * the sequence row's lock, so numbers made at the same time are still each handed out once.
 */
export async function nextDocumentNumber(db: Db, prefixKey: PrefixKey, date: IsoDate, companyId: number | null = null): Promise<string> {
  const own = companyId === null ? '' : ((await db.selectFrom('companies').select(prefixKey).where('id', '=', companyId).executeTakeFirst())?.[prefixKey] ?? '');
  const prefix = own || (await codeValue(db, prefixKey));
  const { year } = parts(date);
  const row = await db
    .insertInto('document_sequences')
    .values({ prefix, year, last: 1 })
    .onConflict((oc) => oc.columns(['prefix', 'year']).doUpdateSet((eb) => ({ last: eb('document_sequences.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return documentNumber(prefix, year, row.last);
}

export interface ItemRow {
  readonly productId: number | null;
  readonly descriptionEn: string;
  readonly descriptionZh: string;
  readonly quantity: QuantityHundredths;
  readonly unitPrice: Cents;
}

/** Writes a document's lines afresh (its old lines removed first). */
export async function writeItems(tx: Transaction<Database>, table: 'quotation_items' | 'order_items', ownerId: number, items: readonly ItemRow[]): Promise<void> {
  const owner = table === 'quotation_items' ? 'quotation_id' : 'order_id';
  await tx.deleteFrom(table).where(owner, '=', ownerId).execute();
  if (items.length === 0) return;
  await tx
    .insertInto(table)
    .values(
      items.map((item, index) => ({
        [owner]: ownerId,
        product_id: item.productId,
        description_en: item.descriptionEn,
        description_zh: item.descriptionZh,
        quantity: item.quantity,
        unit_price: item.unitPrice,
        line_total: lineTotal(item.quantity, item.unitPrice),
        sort_order: index,
      })),
    )
    .execute();
}


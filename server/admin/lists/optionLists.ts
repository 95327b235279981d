import type { Kysely, Transaction } from 'kysely';
import { PAYMENT_METHODS } from '../../../domain/orders/receipts';
import type { OptionKey } from '../../../domain/settings/options';
import type { Database } from '../../db/schema';
import { translate } from '../../i18n';

type Db = Kysely<Database> | Transaction<Database>;

/** One value of an option list as a form offers it and a record shows it: its code and its words. */
export interface OptionChoice {
  readonly value: string;
  readonly nameEn: string;
  readonly nameZh: string;
}

/** The words of an option list's value in both languages. */
export type OptionName = Omit<OptionChoice, 'value'>;

const listOf = (db: Db, key: OptionKey) =>
  db.selectFrom('options').select(['value', 'label_en', 'label_zh', 'active']).where('key', '=', key).orderBy('sort_order').orderBy('id').execute();
type OptionRow = Awaited<ReturnType<typeof listOf>>[number];

/** The active rows as a form offers them, in their order. */
const activeChoices = (rows: readonly OptionRow[]): OptionChoice[] => rows.filter((r) => r.active).map((r) => ({ value: r.value, nameEn: r.label_en, nameZh: r.label_zh }));

/** The rows for a filter over records that keep their values: the active ones first, then the rest. */
const activeFirst = (rows: readonly OptionRow[]): OptionRow[] => [...rows.filter((r) => r.active), ...rows.filter((r) => !r.active)];

/** The active values of an option list (Settings → Options), in their order. */
export async function activeOptions(db: Db, key: OptionKey): Promise<OptionChoice[]> {
  return activeChoices(await listOf(db, key));
}

/** The four payment methods the domain knows (the seeded ones), in both languages. */
const builtInMethods = (): OptionChoice[] =>
  PAYMENT_METHODS.map((value) => ({ value, nameEn: translate('en', `sales.method.${value}`), nameZh: translate('zh-HK', `sales.method.${value}`) }));

/**
 * The payment methods a receipt or refund may be recorded with: the active `payment_method` options.
 * A database whose list holds no payment method at all (one started without the seed) takes the
 * four built-in ones, so receipts can always be recorded.
 */
export async function paymentMethodChoices(db: Db): Promise<OptionChoice[]> {
  const rows = await listOf(db, 'payment_method');
  return rows.length === 0 ? builtInMethods() : activeChoices(rows);
}

/**
 * The words of every payment method a receipt may hold, for lists, prints and reports: its option's
 * labels (active or not; an empty one takes the built-in words), else the built-in words, else the
 * code itself (a method whose option was deleted before any receipt used it).
 */
export async function paymentMethodNames(db: Db): Promise<(code: string) => OptionName> {
  const names = new Map<string, OptionName>(builtInMethods().map((m) => [m.value, { nameEn: m.nameEn, nameZh: m.nameZh }]));
  for (const r of await listOf(db, 'payment_method')) {
    const builtIn = names.get(r.value);
    names.set(r.value, { nameEn: r.label_en || builtIn?.nameEn || '', nameZh: r.label_zh || builtIn?.nameZh || '' });
  }
  return (code) => names.get(code) ?? { nameEn: code, nameZh: code };
}

/** Every payment method with its words, the active ones first: the choices of a filter over receipts. */
export async function paymentMethodFilter(db: Db): Promise<OptionChoice[]> {
  const rows = await listOf(db, 'payment_method');
  const name = await paymentMethodNames(db);
  const codes = rows.length === 0 ? [...PAYMENT_METHODS] : activeFirst(rows).map((r) => r.value);
  return codes.map((value) => ({ value, ...name(value) }));
}

/**
 * The words of any value of an option list (active or not), for records that keep the value: its
 * option's labels (an empty one takes the other language's), else the code itself.
 */
export async function optionNames(db: Db, key: OptionKey): Promise<(code: string) => OptionName> {
  const names = new Map<string, OptionName>();
  for (const r of await listOf(db, key)) names.set(r.value, { nameEn: r.label_en || r.label_zh || r.value, nameZh: r.label_zh || r.label_en || r.value });
  return (code) => names.get(code) ?? { nameEn: code, nameZh: code };
}

/** Every value of an option list with its words, the active ones first: the choices of a filter over records that keep them. */
export async function optionFilter(db: Db, key: OptionKey): Promise<OptionChoice[]> {
  return activeFirst(await listOf(db, key)).map((r) => ({ value: r.value, nameEn: r.label_en || r.label_zh || r.value, nameZh: r.label_zh || r.label_en || r.value }));
}

/**
 * Takes a share lock on the option `value` of list `key` inside the transaction of a record that is
 * about to keep it, so the option cannot be deleted or renamed until that record is committed (the
 * delete and the rename lock the option's row and then look for records using it). Whether the
 * option is there (and active, when `activeOnly`).
 */
export async function holdOption(tx: Transaction<Database>, key: OptionKey, value: string, activeOnly: boolean): Promise<boolean> {
  let query = tx.selectFrom('options').select('id').where('key', '=', key).where('value', '=', value);
  if (activeOnly) query = query.where('active', '=', true);
  return (await query.forShare().executeTakeFirst()) !== undefined;
}

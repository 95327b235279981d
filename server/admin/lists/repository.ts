import { sql, type Selectable } from 'kysely';
import type { OptionKey } from '../../../domain/settings/options';
import type { AreaTable, OptionTable, OrderTermTable } from '../../db/schema';
import { insertStamped, updateAtVersion } from '../../db/versioned';
import type { Db, Tx } from '../../service/context';
import type { AreaInput, HolidayInput, OptionInput, TermInput, Versioned } from './input';

/** Settings lists in SQL: order terms, options, areas, holidays (rows in, records out). */

export const term = (r: Selectable<OrderTermTable>) => ({
  id: r.id,
  titleEn: r.title_en,
  titleZh: r.title_zh,
  bodyEn: r.body_en,
  bodyZh: r.body_zh,
  appliesTo: r.applies_to,
  sortOrder: r.sort_order,
  active: r.active,
  version: r.version,
});
export type Term = ReturnType<typeof term>;

export const option = (r: Selectable<OptionTable>) => ({
  id: r.id,
  /** Written only under a known list's key (the routes refuse any other). */
  key: r.key as OptionKey,
  value: r.value,
  labelEn: r.label_en,
  labelZh: r.label_zh,
  sortOrder: r.sort_order,
  active: r.active,
  version: r.version,
});
export type Option = ReturnType<typeof option>;

export const area = (r: Pick<Selectable<AreaTable>, 'id' | 'name_en' | 'name_zh' | 'region' | 'sort_order' | 'version'>) => ({
  id: r.id,
  nameEn: r.name_en,
  nameZh: r.name_zh,
  region: r.region,
  sortOrder: r.sort_order,
  version: r.version,
});
export type Area = ReturnType<typeof area>;

const termColumns = (v: TermInput) => ({ title_en: v.titleEn, title_zh: v.titleZh, body_en: v.bodyEn, body_zh: v.bodyZh, applies_to: v.appliesTo, sort_order: v.sortOrder, active: v.active });

export const terms = async (db: Db) => (await db.selectFrom('order_terms').selectAll().orderBy('sort_order').orderBy('id').execute()).map(term);
export const findTerm = async (db: Db, id: number) => {
  const row = await db.selectFrom('order_terms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? term(row) : null;
};
export const insertTerm = async (tx: Tx, v: TermInput, now: Date) => (await findTerm(tx, await insertStamped(tx, 'order_terms', termColumns(v), now)))!;
export const updateTerm = async (tx: Tx, id: number, v: Versioned<TermInput>, now: Date) =>
  (await updateAtVersion(tx, 'order_terms', { id, version: v.version }, termColumns(v), now)) ? findTerm(tx, id) : null;

const optionColumns = (v: OptionInput) => ({ value: v.value, label_en: v.labelEn, label_zh: v.labelZh, sort_order: v.sortOrder, active: v.active });

export const optionsOf = async (db: Db, key: OptionKey) => (await db.selectFrom('options').selectAll().where('key', '=', key).orderBy('sort_order').orderBy('id').execute()).map(option);
export const findOption = async (db: Db, key: string, id: number) => {
  const row = await db.selectFrom('options').selectAll().where('id', '=', id).where('key', '=', key).executeTakeFirst();
  return row ? option(row) : null;
};
const optionById = async (db: Db, id: number) => option(await db.selectFrom('options').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
/** Whether another option of the list holds the value. */
export const optionValueTaken = async (db: Db, key: string, value: string, exceptId: number | null) => {
  let query = db.selectFrom('options').select('id').where('key', '=', key).where('value', '=', value);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
};
/** The option's row, locked for the rest of the transaction. */
export const lockOption = (tx: Tx, id: number) => tx.selectFrom('options').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
export const insertOption = async (tx: Tx, key: OptionKey, v: OptionInput, now: Date) => optionById(tx, await insertStamped(tx, 'options', { key, ...optionColumns(v) }, now));
export const updateOption = async (tx: Tx, id: number, v: Versioned<OptionInput>, now: Date) =>
  (await updateAtVersion(tx, 'options', { id, version: v.version }, optionColumns(v), now)) ? optionById(tx, id) : null;

const areaColumns = (v: AreaInput) => ({ name_en: v.nameEn, name_zh: v.nameZh, region: v.region, sort_order: v.sortOrder });

/** Every area, in display order. */
export const areas = async (db: Db) =>
  (await db.selectFrom('areas').select(['id', 'name_en', 'name_zh', 'region', 'sort_order', 'version']).orderBy('sort_order').orderBy('id').execute()).map(area);
export const findArea = async (db: Db, id: number) => {
  const row = await db.selectFrom('areas').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? area(row) : null;
};
export const insertArea = async (tx: Tx, v: AreaInput, now: Date) => (await findArea(tx, await insertStamped(tx, 'areas', areaColumns(v), now)))!;
export const updateArea = async (tx: Tx, id: number, v: Versioned<AreaInput>, now: Date) =>
  (await updateAtVersion(tx, 'areas', { id, version: v.version }, areaColumns(v), now)) ? findArea(tx, id) : null;

/** A holiday's columns, the date read as text (never through a time zone). */
const holidaySelect = (db: Db) => db.selectFrom('holidays').select(['id', sql<string>`date::text`.as('date'), 'name_en', 'name_zh', 'version']);
const holiday = (r: { id: number; date: string; name_en: string; name_zh: string; version: number }) => ({ id: r.id, date: r.date, nameEn: r.name_en, nameZh: r.name_zh, version: r.version });
export type Holiday = ReturnType<typeof holiday>;

export const holidaysOf = async (db: Db, year: number) => (await holidaySelect(db).where(sql`extract(year from date)`, '=', year).orderBy('date').execute()).map(holiday);
export const findHoliday = async (db: Db, id: number) => {
  const row = await holidaySelect(db).where('id', '=', id).executeTakeFirst();
  return row ? holiday(row) : null;
};
/** Whether another holiday falls on the date. */
export const holidayDateTaken = async (db: Db, date: string, exceptId: number | null) => {
  let query = db.selectFrom('holidays').select('id').where('date', '=', date);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
};
const holidayColumns = (v: HolidayInput) => ({ date: v.date, name_en: v.nameEn, name_zh: v.nameZh });
export const insertHoliday = async (tx: Tx, v: HolidayInput, now: Date) => (await findHoliday(tx, await insertStamped(tx, 'holidays', holidayColumns(v), now)))!;
export const updateHoliday = async (tx: Tx, id: number, v: Versioned<HolidayInput>, now: Date) =>
  (await updateAtVersion(tx, 'holidays', { id, version: v.version }, holidayColumns(v), now)) ? findHoliday(tx, id) : null;

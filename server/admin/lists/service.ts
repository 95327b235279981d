import { err, ok, type Result } from 'neverthrow';
import type { OptionKey } from '../../../domain/settings/options';
import { fieldChanges } from '../../audit';
import { REFERENCES, isReferenced, type Reference } from '../../db/references';
import type { Db, ServiceContext, Tx } from '../../service/context';
import { anyFields, fieldIf, invalid, notFound, onFields, type Failure, type FieldKeys } from '../../service/failure';
import { createAudited, deleteUnlessInUse, updateAudited, type DeleteFailure } from '../../service/records';
import type { HolidayInput, OptionInput, Versioned } from './input';
import * as repo from './repository';

/**
 * Settings → Order terms, Options, Areas and Holidays: bilingual lists where either language is
 * enough, each change audited, each edit versioned.
 */

/**
 * Where each option list's values are used (by value, not by a foreign key): such a value cannot be
 * deleted or have its value changed, only be made inactive (its labels can still change). Refund
 * and cancellation reasons are kept as the words chosen or typed, not by code.
 */
const OPTION_USES: Readonly<Record<string, readonly Reference[]>> = {
  payment_method: [{ table: 'receipts', column: 'method', by: 'value' }],
  appointment_type: [{ table: 'appointments', column: 'appointment_type', by: 'value' }],
  client_source: [{ table: 'clients', column: 'source', by: 'value' }],
};

/** Either label/title/name in one language is enough; the message goes on both. */
const needOneOf = (a: string, b: string, fields: [string, string]): FieldKeys => (!a && !b ? onFields(fields, 'admin.oneLanguageRequired') : {});

const TERM_FIELDS = ['titleEn', 'titleZh', 'bodyEn', 'bodyZh', 'appliesTo', 'sortOrder', 'active'] as const;
const OPTION_FIELDS = ['value', 'labelEn', 'labelZh', 'sortOrder', 'active'] as const;
const AREA_FIELDS = ['nameEn', 'nameZh', 'region', 'sortOrder'] as const;
const HOLIDAY_FIELDS = ['date', 'nameEn', 'nameZh'] as const;

type Saved<T> = Promise<Result<T, Failure>>;

/**
 * A list whose record needs only a title or name in one language at least: its create and its
 * versioned edit, each audited (order terms, areas).
 */
interface PlainList<I extends Record<string, unknown>, T extends Record<string, unknown> & { readonly id: number }> {
  readonly entityType: string;
  /** The two fields of which one must be filled (the message goes on both). */
  readonly oneOf: readonly [keyof I & string, keyof I & string];
  /** The fields an edit's audit line compares. */
  readonly fields: readonly (keyof T & string)[];
  readonly find: (db: Db, id: number) => Promise<T | null>;
  readonly insert: (tx: Tx, v: I, now: Date) => Promise<T>;
  readonly update: (tx: Tx, id: number, v: Versioned<I>, now: Date) => Promise<T | null>;
}

function plainList<I extends Record<string, unknown>, T extends Record<string, unknown> & { readonly id: number }>(list: PlainList<I, T>) {
  const nameErrors = (v: I) => anyFields(needOneOf(String(v[list.oneOf[0]]), String(v[list.oneOf[1]]), [...list.oneOf]));
  return {
    create: async (ctx: ServiceContext, v: I): Saved<T> => {
      const errors = nameErrors(v);
      if (errors) return err(invalid(errors));
      return ok(await createAudited(ctx, list.entityType, (tx) => list.insert(tx, v, ctx.now()), () => v));
    },
    update: async (ctx: ServiceContext, id: number, v: Versioned<I>): Saved<T> => {
      const errors = nameErrors(v);
      if (errors) return err(invalid(errors));
      const before = await list.find(ctx.db, id);
      if (!before) return err(notFound);
      return updateAudited(ctx, list.entityType, id, (tx) => list.update(tx, id, v, ctx.now()), (saved) => fieldChanges(before, saved, list.fields));
    },
  };
}

// Order terms

const terms = plainList({ entityType: 'order_term', oneOf: ['titleEn', 'titleZh'], fields: TERM_FIELDS, find: repo.findTerm, insert: repo.insertTerm, update: repo.updateTerm });
export const createTerm = terms.create;
export const updateTerm = terms.update;

/** Quotations and invoices keep their own copy of a term's texts, so a term is never in use. */
export const deleteTerm = (ctx: ServiceContext, id: number) => deleteUnlessInUse(ctx, { table: 'order_terms', id, entityType: 'order_term', references: [] });

// Options, by list

export async function createOption(ctx: ServiceContext, key: OptionKey, v: OptionInput): Saved<repo.Option> {
  const taken = fieldIf(await repo.optionValueTaken(ctx.db, key, v.value, null), 'value', 'admin.valueTaken');
  const errors = anyFields(needOneOf(v.labelEn, v.labelZh, ['labelEn', 'labelZh']), taken);
  if (errors) return err(invalid(errors));
  return ok(await createAudited(ctx, 'option', (tx) => repo.insertOption(tx, key, v, ctx.now()), () => ({ key, ...v })));
}

export async function updateOption(ctx: ServiceContext, key: string, id: number, v: Versioned<OptionInput>): Saved<repo.Option> {
  const before = await repo.findOption(ctx.db, key, id);
  if (!before) return err(notFound);
  const taken = fieldIf(await repo.optionValueTaken(ctx.db, key, v.value, id), 'value', 'admin.valueTaken');
  const errors = anyFields(needOneOf(v.labelEn, v.labelZh, ['labelEn', 'labelZh']), taken);
  if (errors) return err(invalid(errors));
  let inUse = false;
  const saved = await updateAudited(
    ctx,
    'option',
    id,
    async (tx) => {
      // A new value for a code records still keep would leave them with a code no option has.
      if (v.value !== before.value) {
        const locked = await repo.lockOption(tx, id);
        if (locked && locked.value !== v.value && (await isReferenced(tx, OPTION_USES[key] ?? [], locked))) {
          inUse = true;
          return null;
        }
      }
      return repo.updateOption(tx, id, v, ctx.now());
    },
    (row) => fieldChanges(before, row, OPTION_FIELDS),
  );
  return inUse ? err(invalid({ value: 'admin.optionValueInUse' })) : saved;
}

export const deleteOption = (ctx: ServiceContext, key: string, id: number) =>
  deleteUnlessInUse(ctx, { table: 'options', id, where: { key }, entityType: 'option', references: (row) => OPTION_USES[row.key as string] ?? [] });

// Areas

const areas = plainList({ entityType: 'area', oneOf: ['nameEn', 'nameZh'], fields: AREA_FIELDS, find: repo.findArea, insert: repo.insertArea, update: repo.updateArea });
export const createArea = areas.create;
export const updateArea = areas.update;

export const deleteArea = (ctx: ServiceContext, id: number) => deleteUnlessInUse(ctx, { table: 'areas', id, entityType: 'area', references: REFERENCES.areas });

// Holidays

export async function createHoliday(ctx: ServiceContext, v: HolidayInput): Saved<repo.Holiday> {
  const taken = fieldIf(await repo.holidayDateTaken(ctx.db, v.date, null), 'date', 'admin.dateTaken');
  const errors = anyFields(needOneOf(v.nameEn, v.nameZh, ['nameEn', 'nameZh']), taken);
  if (errors) return err(invalid(errors));
  return ok(await createAudited(ctx, 'holiday', (tx) => repo.insertHoliday(tx, v, ctx.now()), () => v));
}

export async function updateHoliday(ctx: ServiceContext, id: number, v: Versioned<HolidayInput>): Saved<repo.Holiday> {
  const before = await repo.findHoliday(ctx.db, id);
  if (!before) return err(notFound);
  const taken = fieldIf(await repo.holidayDateTaken(ctx.db, v.date, id), 'date', 'admin.dateTaken');
  const errors = anyFields(needOneOf(v.nameEn, v.nameZh, ['nameEn', 'nameZh']), taken);
  if (errors) return err(invalid(errors));
  return updateAudited(ctx, 'holiday', id, (tx) => repo.updateHoliday(tx, id, v, ctx.now()), (saved) => fieldChanges(before, saved, HOLIDAY_FIELDS));
}

/** The date as the list shows it (YYYY-MM-DD), not as a time, in the audit line. */
export const deleteHoliday = (ctx: ServiceContext, id: number): Promise<Result<unknown, DeleteFailure>> =>
  deleteUnlessInUse(ctx, { table: 'holidays', id, entityType: 'holiday', references: [], more: async (tx) => ({ date: (await repo.findHoliday(tx, id))?.date }) });

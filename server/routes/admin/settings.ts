import { Hono } from 'hono';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import * as z from 'zod';
import { checkCode, CODE_KEYS, CODE_SETTINGS, type CodeKey } from '../../../domain/settings/codes';
import { isOptionKey, OPTION_KEYS } from '../../../domain/settings/options';
import { audit, fieldChanges } from '../../audit';
import { translate } from '../../i18n';
import { isoDate } from '../../http/dates';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { parseQuery } from '../../http/query';
import { parseJsonBody } from '../../http/validate';
import { isReferenced, REFERENCES, type Reference } from '../../db/references';
import { fieldErrors, idParam, optionalText, sameMessage, versionField } from '../../http/fields';
import { deleteUnlessInUse } from './common';
import { INT_MAX } from '../../db/limits';

const TermInput = z.object({
  titleEn: optionalText(200),
  titleZh: optionalText(200),
  bodyEn: optionalText(5000),
  bodyZh: optionalText(5000),
  appliesTo: z.enum(['quotation', 'order', 'both']).default('both'),
  sortOrder: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
const OptionInput = z.object({
  value: z.string().trim().min(1).max(40).regex(/^[a-z0-9_]+$/),
  labelEn: optionalText(120),
  labelZh: optionalText(120),
  sortOrder: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
const AreaInput = z.object({ nameEn: optionalText(120), nameZh: optionalText(120), region: z.enum(['hk_island', 'kowloon', 'new_territories']), sortOrder: z.number().int().min(0).max(9999).default(0) });
const HolidayInput = z.object({ date: isoDate, nameEn: optionalText(200), nameZh: optionalText(200) });
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

/** Rolls back a save of the codes that met a newer version half-way. */
class StaleSave extends Error {}

const CodesInput = z.object({ values: z.record(z.string(), z.string().trim().max(20)), versions: z.record(z.string(), z.number().int().positive().max(INT_MAX)) });

const term = (r: { id: number; title_en: string; title_zh: string; body_en: string; body_zh: string; applies_to: string; sort_order: number; active: boolean; version: number }) => ({
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

const option = (r: { id: number; key: string; value: string; label_en: string; label_zh: string; sort_order: number; active: boolean; version: number }) => ({
  id: r.id,
  key: r.key,
  value: r.value,
  labelEn: r.label_en,
  labelZh: r.label_zh,
  sortOrder: r.sort_order,
  active: r.active,
  version: r.version,
});

async function holidaysOf(c: AppContext, year: number) {
  const rows = await c.var.deps.db
    .selectFrom('holidays')
    .select(['id', sql<string>`date::text`.as('date'), 'name_en', 'name_zh', 'version'])
    .where(sql`extract(year from date)`, '=', year)
    .orderBy('date')
    .execute();
  return rows.map((r) => ({ id: r.id, date: r.date, nameEn: r.name_en, nameZh: r.name_zh, version: r.version }));
}

/** Either label/title/name in one language is enough; the message goes on both. */
function needOneOf(c: AppContext, a: string, b: string, fields: [string, string]) {
  return !a && !b ? sameMessage(c, fields, 'admin.oneLanguageRequired') : null;
}

/** Settings: order terms, keyed options, codes, areas, holidays. */
export function settingsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const view = requirePermission('setting_view');
  const create = requirePermission('setting_create');
  const edit = requirePermission('setting_edit');
  const remove = requirePermission('setting_delete');

  // Order terms
  routes.get('/order-terms', ...view, async (c) => c.json((await c.var.deps.db.selectFrom('order_terms').selectAll().orderBy('sort_order').orderBy('id').execute()).map(term)));
  routes.post('/order-terms', ...create, async (c) => {
    const body = await parseJsonBody(c, TermInput);
    if (body.isErr()) return body.error;
    const v = body.value;
    const missing = needOneOf(c, v.titleEn, v.titleZh, ['titleEn', 'titleZh']);
    if (missing) return fieldErrors(c, missing);
    const { db, now } = c.var.deps;
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('order_terms')
        .values({ title_en: v.titleEn, title_zh: v.titleZh, body_en: v.bodyEn, body_zh: v.bodyZh, applies_to: v.appliesTo, sort_order: v.sortOrder, active: v.active, created_at: now(), updated_at: now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'order_term', entityId: created.id, changes: v }, tx);
      return created;
    });
    return c.json({ term: term(row) }, 201);
  });
  routes.put('/order-terms/:id{[0-9]{1,9}}', ...edit, async (c) => {
    const body = await parseJsonBody(c, TermInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const v = body.value;
    const missing = needOneOf(c, v.titleEn, v.titleZh, ['titleEn', 'titleZh']);
    if (missing) return fieldErrors(c, missing);
    const id = idParam(c);
    const { db, now } = c.var.deps;
    const before = await db.selectFrom('order_terms').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const row = await db.transaction().execute(async (tx) => {
      const saved = await tx
        .updateTable('order_terms')
        .set((eb) => ({ title_en: v.titleEn, title_zh: v.titleZh, body_en: v.bodyEn, body_zh: v.bodyZh, applies_to: v.appliesTo, sort_order: v.sortOrder, active: v.active, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', v.version)
        .returningAll()
        .executeTakeFirst();
      if (saved) await audit(c, { action: 'update', entityType: 'order_term', entityId: id, changes: fieldChanges(term(before), term(saved), ['titleEn', 'titleZh', 'bodyEn', 'bodyZh', 'appliesTo', 'sortOrder', 'active']) }, tx);
      return saved;
    });
    if (!row) return errorReply(c, 409, 'errors.conflict');
    return c.json({ term: term(row) });
  });
  // Quotations and invoices keep their own copy of a term's texts, so a term is never in use.
  routes.delete('/order-terms/:id{[0-9]{1,9}}', ...remove, (c) => deleteUnlessInUse(c, { table: 'order_terms', id: idParam(c), entityType: 'order_term', references: [], inUse: 'admin.inUse' }));

  // Options, by key
  routes.get('/options/:key', ...view, async (c) => {
    const key = c.req.param('key');
    if (!isOptionKey(key)) return errorReply(c, 404, 'errors.notFound');
    const rows = await c.var.deps.db.selectFrom('options').selectAll().where('key', '=', key).orderBy('sort_order').orderBy('id').execute();
    return c.json({ key, keys: OPTION_KEYS, items: rows.map(option) });
  });
  routes.post('/options/:key', ...create, async (c) => {
    const key = c.req.param('key');
    if (!isOptionKey(key)) return errorReply(c, 404, 'errors.notFound');
    const body = await parseJsonBody(c, OptionInput);
    if (body.isErr()) return body.error;
    const v = body.value;
    const { db, now } = c.var.deps;
    const errors = needOneOf(c, v.labelEn, v.labelZh, ['labelEn', 'labelZh']) ?? {};
    if (await db.selectFrom('options').select('id').where('key', '=', key).where('value', '=', v.value).executeTakeFirst()) errors.value = [translate(c.var.language, 'admin.valueTaken')];
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx
        .insertInto('options')
        .values({ key, value: v.value, label_en: v.labelEn, label_zh: v.labelZh, sort_order: v.sortOrder, active: v.active, created_at: now(), updated_at: now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'option', entityId: created.id, changes: { key, ...v } }, tx);
      return created;
    });
    return c.json({ option: option(row) }, 201);
  });
  routes.put('/options/:key/:id{[0-9]{1,9}}', ...edit, async (c) => {
    const key = c.req.param('key');
    const body = await parseJsonBody(c, OptionInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const v = body.value;
    const id = idParam(c);
    const { db, now } = c.var.deps;
    const before = await db.selectFrom('options').selectAll().where('id', '=', id).where('key', '=', key).executeTakeFirst();
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const errors = needOneOf(c, v.labelEn, v.labelZh, ['labelEn', 'labelZh']) ?? {};
    if (await db.selectFrom('options').select('id').where('key', '=', key).where('value', '=', v.value).where('id', '!=', id).executeTakeFirst()) errors.value = [translate(c.var.language, 'admin.valueTaken')];
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const row = await db.transaction().execute(async (tx) => {
      // A new value for a code records still keep would leave them with a code no option has.
      if (v.value !== before.value) {
        const locked = await tx.selectFrom('options').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (locked && locked.value !== v.value && (await isReferenced(tx, OPTION_USES[key] ?? [], locked))) return 'inUse' as const;
      }
      const saved = await tx
        .updateTable('options')
        .set((eb) => ({ value: v.value, label_en: v.labelEn, label_zh: v.labelZh, sort_order: v.sortOrder, active: v.active, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', v.version)
        .returningAll()
        .executeTakeFirst();
      if (saved) await audit(c, { action: 'update', entityType: 'option', entityId: id, changes: fieldChanges(option(before), option(saved), ['value', 'labelEn', 'labelZh', 'sortOrder', 'active']) }, tx);
      return saved;
    });
    if (row === 'inUse') return fieldErrors(c, { value: [translate(c.var.language, 'admin.optionValueInUse')] });
    if (!row) return errorReply(c, 409, 'errors.conflict');
    return c.json({ option: option(row) });
  });
  routes.delete('/options/:key/:id{[0-9]{1,9}}', ...remove, (c) =>
    deleteUnlessInUse(c, {
      table: 'options',
      id: idParam(c),
      where: { key: c.req.param('key') },
      entityType: 'option',
      references: (row) => OPTION_USES[row.key as string] ?? [],
      inUse: 'admin.optionInUse',
    }),
  );

  // Codes
  routes.get('/settings', ...view, async (c) => {
    const rows = await c.var.deps.db.selectFrom('settings').selectAll().execute();
    return c.json({
      codes: CODE_KEYS.map((key) => {
        const row = rows.find((r) => r.key === key);
        return { key, kind: CODE_SETTINGS[key].kind, value: row?.value ?? CODE_SETTINGS[key].default, version: row?.version ?? 0 };
      }),
    });
  });
  routes.put('/settings', ...edit, async (c) => {
    const body = await parseJsonBody(c, CodesInput);
    if (body.isErr()) return body.error;
    const { values, versions } = body.value;
    const errors: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(values)) {
      if (!(CODE_KEYS as string[]).includes(key)) errors[key] = [translate(c.var.language, 'validation.invalid')];
      else {
        const verdict = checkCode(key as CodeKey, value);
        if (verdict !== 'ok') errors[key] = [translate(c.var.language, `admin.${verdict}`)];
      }
    }
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const ok = await db.transaction().execute(async (tx) => {
      // Every code's version is checked (under lock) before any is written: a stale one changes none.
      const current = new Map<string, { value: string; version: number } | undefined>();
      for (const key of Object.keys(values)) {
        const before = await tx.selectFrom('settings').select(['value', 'version']).where('key', '=', key).forUpdate().executeTakeFirst();
        if ((before?.version ?? 0) !== (versions[key] ?? 0)) return false;
        current.set(key, before);
      }
      for (const [key, value] of Object.entries(values)) {
        const before = current.get(key);
        if (before?.value === value) continue;
        changes[key] = { from: before?.value ?? null, to: value };
        // A code with no row yet has nothing to lock: one made meanwhile by another save is a conflict.
        const written = await tx
          .insertInto('settings')
          .values({ key, value, updated_at: now() })
          .onConflict((oc) =>
            oc
              .column('key')
              .doUpdateSet((eb) => ({ value, updated_at: now(), version: eb('settings.version', '+', 1) }))
              .where('settings.version', '=', versions[key] ?? 0),
          )
          .returning('key')
          .executeTakeFirst();
        if (!written) throw new StaleSave();
      }
      if (Object.keys(changes).length > 0) await audit(c, { action: 'update', entityType: 'setting', entityId: null, changes }, tx);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof StaleSave) return false;
      throw error;
    });
    if (!ok) return errorReply(c, 409, 'errors.conflict');
    const rows = await db.selectFrom('settings').selectAll().execute();
    return c.json({ codes: CODE_KEYS.map((key) => ({ key, kind: CODE_SETTINGS[key].kind, value: rows.find((r) => r.key === key)?.value ?? CODE_SETTINGS[key].default, version: rows.find((r) => r.key === key)?.version ?? 0 })) });
  });

  // Areas (the list itself is in routes/areas.ts)
  const area = (r: { id: number; name_en: string; name_zh: string; region: string; sort_order: number; version: number }) => ({ id: r.id, nameEn: r.name_en, nameZh: r.name_zh, region: r.region, sortOrder: r.sort_order, version: r.version });
  routes.post('/areas', ...create, async (c) => {
    const body = await parseJsonBody(c, AreaInput);
    if (body.isErr()) return body.error;
    const v = body.value;
    const missing = needOneOf(c, v.nameEn, v.nameZh, ['nameEn', 'nameZh']);
    if (missing) return fieldErrors(c, missing);
    const { db, now } = c.var.deps;
    const row = await db.transaction().execute(async (tx) => {
      const created = await tx.insertInto('areas').values({ name_en: v.nameEn, name_zh: v.nameZh, region: v.region, sort_order: v.sortOrder, created_at: now(), updated_at: now() }).returningAll().executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'area', entityId: created.id, changes: v }, tx);
      return created;
    });
    return c.json({ area: area(row) }, 201);
  });
  routes.put('/areas/:id{[0-9]{1,9}}', ...edit, async (c) => {
    const body = await parseJsonBody(c, AreaInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const v = body.value;
    const missing = needOneOf(c, v.nameEn, v.nameZh, ['nameEn', 'nameZh']);
    if (missing) return fieldErrors(c, missing);
    const id = idParam(c);
    const { db, now } = c.var.deps;
    const before = await db.selectFrom('areas').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const row = await db.transaction().execute(async (tx) => {
      const saved = await tx
        .updateTable('areas')
        .set((eb) => ({ name_en: v.nameEn, name_zh: v.nameZh, region: v.region, sort_order: v.sortOrder, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', v.version)
        .returningAll()
        .executeTakeFirst();
      if (saved) await audit(c, { action: 'update', entityType: 'area', entityId: id, changes: fieldChanges(area(before), area(saved), ['nameEn', 'nameZh', 'region', 'sortOrder']) }, tx);
      return saved;
    });
    if (!row) return errorReply(c, 409, 'errors.conflict');
    return c.json({ area: area(row) });
  });
  routes.delete('/areas/:id{[0-9]{1,9}}', ...remove, (c) => deleteUnlessInUse(c, { table: 'areas', id: idParam(c), entityType: 'area', references: REFERENCES.areas, inUse: 'admin.areaInUse' }));

  // Holidays, by year
  routes.get('/holidays', ...view, async (c) => {
    const query = parseQuery(c, z.object({ year: z.coerce.number().int().min(2000).max(2100) }));
    if (query.isErr()) return query.error;
    return c.json(await holidaysOf(c, query.value.year));
  });
  const holidayReply = async (c: AppContext, id: number, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) => {
    const row = await db.selectFrom('holidays').select(['id', sql<string>`date::text`.as('date'), 'name_en', 'name_zh', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id: row.id, date: row.date, nameEn: row.name_en, nameZh: row.name_zh, version: row.version };
  };
  routes.post('/holidays', ...create, async (c) => {
    const body = await parseJsonBody(c, HolidayInput);
    if (body.isErr()) return body.error;
    const v = body.value;
    const { db, now } = c.var.deps;
    const errors = needOneOf(c, v.nameEn, v.nameZh, ['nameEn', 'nameZh']) ?? {};
    if (await db.selectFrom('holidays').select('id').where('date', '=', v.date).executeTakeFirst()) errors.date = [translate(c.var.language, 'admin.dateTaken')];
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx.insertInto('holidays').values({ date: v.date, name_en: v.nameEn, name_zh: v.nameZh, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow();
      await audit(c, { action: 'create', entityType: 'holiday', entityId: row.id, changes: v }, tx);
      return row.id;
    });
    return c.json({ holiday: await holidayReply(c, id) }, 201);
  });
  routes.put('/holidays/:id{[0-9]{1,9}}', ...edit, async (c) => {
    const body = await parseJsonBody(c, HolidayInput.extend({ version: versionField }));
    if (body.isErr()) return body.error;
    const v = body.value;
    const id = idParam(c);
    const { db, now } = c.var.deps;
    const before = await db.selectFrom('holidays').select('id').where('id', '=', id).executeTakeFirst();
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const previous = await holidayReply(c, id);
    const errors = needOneOf(c, v.nameEn, v.nameZh, ['nameEn', 'nameZh']) ?? {};
    if (await db.selectFrom('holidays').select('id').where('date', '=', v.date).where('id', '!=', id).executeTakeFirst()) errors.date = [translate(c.var.language, 'admin.dateTaken')];
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const after = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('holidays')
        .set((eb) => ({ date: v.date, name_en: v.nameEn, name_zh: v.nameZh, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', v.version)
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      const saved = await holidayReply(c, id, tx);
      await audit(c, { action: 'update', entityType: 'holiday', entityId: id, changes: fieldChanges(previous, saved, ['date', 'nameEn', 'nameZh']) }, tx);
      return saved;
    });
    if (!after) return errorReply(c, 409, 'errors.conflict');
    return c.json({ holiday: after });
  });
  routes.delete('/holidays/:id{[0-9]{1,9}}', ...remove, (c) => {
    const id = idParam(c);
    // The date as the list shows it (YYYY-MM-DD), not as a time.
    return deleteUnlessInUse(c, { table: 'holidays', id, entityType: 'holiday', references: [], inUse: 'admin.inUse', more: async (tx) => ({ date: (await holidayReply(c, id, tx)).date }) });
  });

  return routes;
}

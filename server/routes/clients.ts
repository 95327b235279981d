import { Hono } from 'hono';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import * as z from 'zod';
import { hasPermission } from '../../domain/auth/permissions';
import { parsePhone } from '../../domain/hk/phone';
import { toHalfWidth } from '../../domain/text/width';
import { audit, fieldChanges } from '../audit';
import { translate } from '../i18n';
import { errorReply } from '../http/errors';
import type { AppContext, AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import { likePattern, pageWindow, parseQuery } from '../http/query';
import { parseJsonBody } from '../http/validate';
import type { Database } from '../db/schema';
import { listAttachments } from './attachments';
import { clientOrders } from '../sales/orders/service';
import { clientQuotations } from '../sales/quotations/service';
import { today } from '../http/dates';
import { clientAppointments, clientHasAppointments } from '../appointments/clientAppointments';
import { normaliseHkid, validateHkidInput } from './clientHkid';
import { INT_MAX } from '../db/limits';
import { activeOptions, holdOption, optionFilter, optionNames } from '../admin/lists/optionLists';

const optionalText = (max: number) => z.string().trim().max(max).default('');

const ContactInput = z.object({
  name: z.string().trim().min(1).max(120),
  title: optionalText(120),
  /** Each checked by the domain's phone rule in checkClient (Hong Kong, mainland or with a country code). */
  phones: z.array(z.string().trim().min(1).max(30)).max(5).default([]),
  email: z.union([z.literal(''), z.string().trim().max(255).pipe(z.email())]).default(''),
  isPrimary: z.boolean().default(false),
});

const AddressInput = z.object({
  label: optionalText(60),
  address: z.string().trim().min(1).max(500),
  areaId: z.number().int().positive().max(INT_MAX).nullable().default(null),
});

const ClientFields = {
  nameEn: optionalText(200),
  nameZh: optionalText(200),
  /** Omitted: unchanged. Empty or null: removed. */
  hkid: z.string().trim().max(20).nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
  companyId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  branchId: z.number().int().positive().max(INT_MAX).nullable().default(null),
  notes: optionalText(5000),
  /** How the client found the business: a `client_source` option's value. Omitted: unchanged (none for a new client). Empty or null: none. */
  source: z.string().trim().max(40).nullable().optional(),
  contacts: z.array(ContactInput).max(20).default([]),
  addresses: z.array(AddressInput).max(20).default([]),
};

const CreateClient = z.object(ClientFields);
const UpdateClient = z.object({ ...ClientFields, version: z.number().int().positive().max(INT_MAX) });
type ClientInput = z.output<typeof CreateClient>;

const ListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(30).optional(),
  area_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  branch_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  source: z.string().trim().max(40).optional(),
  sort: z.enum(['name', '-name', 'created', '-created', 'code', '-code']).default('-created'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const DetailQuery = z.object({ tab: z.enum(['basic', 'quotation', 'order', 'appointment', 'attachment']).default('basic') });

/** Client numbers as staff quote them: C000123. */
export const clientCode = (id: number): string => `C${String(id).padStart(6, '0')}`;

/** A phone as stored (and searched): its digits and a leading +, full-width digits as plain ones. */
const phoneDigits = (phone: string): string => toHalfWidth(phone).replace(/[^\d+]/g, '');

/** The source the input sets: undefined when it leaves the client's as it is, null when none. */
const sourceOf = (input: ClientInput): string | null | undefined => (input.source === undefined ? undefined : input.source || null);

/** Refused inside the save's transaction: the chosen source was deleted or made inactive meanwhile. */
class SourceGone extends Error {}

/**
 * Checks beyond the shape: one name at least, one primary contact at most, phone numbers by the
 * domain's rule, a known company, branch and areas, a valid HKID, and a source among the active
 * client sources (or the one the client already has, even if no longer active). Field messages in
 * the caller's language, keyed like the body (contacts.0.name, contacts.0.phones.1 …).
 */
async function checkClient(c: AppContext, input: ClientInput, currentSource: string | null = null): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const lang = c.var.language;
  if (input.nameEn === '' && input.nameZh === '') {
    const message = translate(lang, 'clients.nameRequired');
    errors.nameEn = [message];
    errors.nameZh = [message];
  }
  if (input.contacts.filter((contact) => contact.isPrimary).length > 1) errors.contacts = [translate(lang, 'clients.onePrimary')];
  input.contacts.forEach((contact, i) =>
    contact.phones.forEach((phone, j) => {
      if (parsePhone(phone).isErr()) errors[`contacts.${i}.phones.${j}`] = [translate(lang, 'clients.phoneFormat')];
    }),
  );
  const areaIds = [...new Set(input.addresses.map((a) => a.areaId).filter((id): id is number => id !== null))];
  if (areaIds.length > 0) {
    const known = await c.var.deps.db.selectFrom('areas').select('id').where('id', 'in', areaIds).execute();
    const knownIds = new Set(known.map((a) => a.id));
    input.addresses.forEach((address, index) => {
      if (address.areaId !== null && !knownIds.has(address.areaId)) errors[`addresses.${index}.areaId`] = [translate(lang, 'validation.invalid')];
    });
  }
  if (input.companyId !== null) {
    const company = await c.var.deps.db.selectFrom('companies').select('id').where('id', '=', input.companyId).executeTakeFirst();
    if (!company) errors.companyId = [translate(lang, 'validation.invalid')];
  }
  if (input.branchId !== null) {
    const branch = await c.var.deps.db.selectFrom('branches').select('id').where('id', '=', input.branchId).executeTakeFirst();
    if (!branch) errors.branchId = [translate(lang, 'validation.invalid')];
  }
  const hkidProblem = input.hkid ? validateHkidInput(lang, input.hkid) : null;
  if (hkidProblem) errors.hkid = [hkidProblem];
  const source = sourceOf(input);
  if (source && source !== currentSource && !(await activeOptions(c.var.deps.db, 'client_source')).some((o) => o.value === source)) {
    errors.source = [translate(lang, 'clients.sourceUnknown')];
  }
  return errors;
}

function withPrimary<T extends { isPrimary: boolean }>(contacts: readonly T[]): T[] {
  if (contacts.length === 0 || contacts.some((contact) => contact.isPrimary)) return [...contacts];
  return contacts.map((contact, index) => ({ ...contact, isPrimary: index === 0 }));
}

async function writeChildren(db: Transaction<Database>, clientId: number, input: ClientInput): Promise<void> {
  await db.deleteFrom('client_contacts').where('client_id', '=', clientId).execute();
  await db.deleteFrom('client_addresses').where('client_id', '=', clientId).execute();
  const contacts = withPrimary(input.contacts);
  if (contacts.length > 0) {
    await db
      .insertInto('client_contacts')
      .values(
        contacts.map((contact, index) => ({
          client_id: clientId,
          name: contact.name,
          title: contact.title,
          phones: JSON.stringify(contact.phones.map(phoneDigits)),
          email: contact.email,
          is_primary: contact.isPrimary,
          sort_order: index,
        })),
      )
      .execute();
  }
  if (input.addresses.length > 0) {
    await db
      .insertInto('client_addresses')
      .values(input.addresses.map((address, index) => ({ client_id: clientId, label: address.label, address: address.address, area_id: address.areaId, sort_order: index })))
      .execute();
  }
}

/** The client as the screens show it; the HKID only masked. */
export async function clientDetail(c: AppContext, id: number, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) {
  const row = await db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const contacts = await db.selectFrom('client_contacts').selectAll().where('client_id', '=', id).orderBy('sort_order').execute();
  const addresses = await db
    .selectFrom('client_addresses')
    .leftJoin('areas', 'areas.id', 'client_addresses.area_id')
    .select(['client_addresses.id', 'client_addresses.label', 'client_addresses.address', 'client_addresses.area_id', 'areas.name_en as area_en', 'areas.name_zh as area_zh'])
    .where('client_addresses.client_id', '=', id)
    .orderBy('client_addresses.sort_order')
    .execute();
  const sourceName = row.source === null ? null : (await optionNames(db, 'client_source'))(row.source);
  return {
    id: row.id,
    code: clientCode(row.id),
    nameEn: row.name_en,
    nameZh: row.name_zh,
    hkidMasked: row.hkid_masked,
    tags: row.tags,
    companyId: row.company_id,
    branchId: row.branch_id,
    notes: row.notes,
    /** The `client_source` option's value and its words (kept even when the option is no longer active). */
    source: row.source === null || sourceName === null ? null : { value: row.source, nameEn: sourceName.nameEn, nameZh: sourceName.nameZh },
    version: row.version,
    contacts: contacts.map((contact) => ({ id: contact.id, name: contact.name, title: contact.title, phones: contact.phones, email: contact.email, isPrimary: contact.is_primary })),
    addresses: addresses.map((a) => ({ id: a.id, label: a.label, address: a.address, areaId: a.area_id, area: a.area_en === null ? null : { nameEn: a.area_en, nameZh: a.area_zh } })),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

async function formOptions(c: AppContext) {
  const { db } = c.var.deps;
  const [areas, branches, companies, sources] = await Promise.all([
    db.selectFrom('areas').select(['id', 'name_en', 'name_zh', 'region']).orderBy('sort_order').execute(),
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh', 'company_id']).orderBy('id').execute(),
    db.selectFrom('companies').select(['id', 'name_en', 'name_zh']).orderBy('id').execute(),
    activeOptions(db, 'client_source'),
  ]);
  return {
    areas: areas.map((a) => ({ id: a.id, nameEn: a.name_en, nameZh: a.name_zh, region: a.region })),
    branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh, companyId: b.company_id })),
    companies: companies.map((co) => ({ id: co.id, nameEn: co.name_en, nameZh: co.name_zh })),
    /** The active client sources (Settings → Options), the choices of the form's source. */
    sources,
  };
}

type ClientDetail = NonNullable<Awaited<ReturnType<typeof clientDetail>>>;

/** Field-level before/after of an edit, for the audit log (rows compared without their ids, the HKID only masked). */
function clientChanges(before: ClientDetail, after: ClientDetail): Record<string, { from: unknown; to: unknown }> {
  const comparable = (detail: ClientDetail) => ({
    nameEn: detail.nameEn,
    nameZh: detail.nameZh,
    hkid: detail.hkidMasked,
    tags: detail.tags,
    companyId: detail.companyId,
    branchId: detail.branchId,
    notes: detail.notes,
    source: detail.source?.value ?? null,
    contacts: detail.contacts.map(({ id: _id, ...contact }) => contact),
    addresses: detail.addresses.map(({ id: _id, area: _area, ...address }) => address),
  });
  return fieldChanges(comparable(before), comparable(after));
}

/**
 * Whether business records (orders, quotations, appointments … as their tables arrive) point to the
 * client; a client with any cannot be deleted. Each feature adds its check here. They run inside the
 * delete's transaction (`db` is that transaction), after the client's row is locked.
 */
export const CLIENT_RECORD_CHECKS: ((db: Kysely<Database>, clientId: number) => Promise<boolean>)[] = [
  async (db, clientId) => Boolean(await db.selectFrom('orders').select('id').where('client_id', '=', clientId).executeTakeFirst()),
  async (db, clientId) => Boolean(await db.selectFrom('quotations').select('id').where('client_id', '=', clientId).executeTakeFirst()),
  clientHasAppointments,
];

function searchCondition(q: string) {
  const pattern = likePattern(q);
  const digits = q.replace(/[^\d]/g, '');
  return (eb: ExpressionBuilder<Database, 'clients'>): Expression<SqlBool> =>
    eb.or([
      eb(sql`lower(clients.name_en)`, 'like', pattern),
      eb(sql`lower(clients.name_zh)`, 'like', pattern),
      eb.exists(sql`(select 1 from jsonb_array_elements_text(clients.tags) t where lower(t) like ${pattern})`),
      eb.exists(
        eb
          .selectFrom('client_contacts')
          .select(sql`1`.as('one'))
          .whereRef('client_contacts.client_id', '=', 'clients.id')
          .where((inner) =>
            inner.or([
              inner(sql`lower(client_contacts.name)`, 'like', pattern),
              ...(digits.length >= 3 ? [inner(sql`client_contacts.phones::text`, 'like', `%${digits}%`)] : []),
            ]),
          ),
      ),
      ...(/^c?\d{1,9}$/i.test(q) ? [eb('clients.id', '=', Number(q.replace(/^c/i, '')))] : []),
    ]);
}

const SOURCE_GONE = 'sourceGone';
const sourceGoneAsMark = (error: unknown): typeof SOURCE_GONE => {
  if (error instanceof SourceGone) return SOURCE_GONE;
  throw error;
};

const sourceGone = (c: AppContext) => {
  const message = translate(c.var.language, 'clients.sourceUnknown');
  return c.json({ message, errors: { source: [message] } }, 422);
};

export function clientRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/clients', ...requirePermission('client_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, tag, area_id, branch_id, source, sort, page, per_page } = query.value;
    const { db } = c.var.deps;
    let base = db.selectFrom('clients');
    if (q) base = base.where(searchCondition(q));
    if (tag) base = base.where(sql<boolean>`clients.tags @> ${JSON.stringify([tag])}::jsonb`);
    if (branch_id) base = base.where('clients.branch_id', '=', branch_id);
    if (source) base = base.where('clients.source', '=', source);
    if (area_id) {
      base = base.where((eb) =>
        eb.exists(eb.selectFrom('client_addresses').select(sql`1`.as('one')).whereRef('client_addresses.client_id', '=', 'clients.id').where('client_addresses.area_id', '=', area_id)),
      );
    }
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const direction = sort.startsWith('-') ? 'desc' : 'asc';
    const column = sort.replace('-', '');
    const { limit, offset } = pageWindow(page, per_page);
    const sortKey = column === 'name' ? sql`coalesce(nullif(clients.name_zh, ''), clients.name_en)` : column === 'created' ? sql`clients.created_at` : sql`clients.id`;
    // The page's ids first, then its 20 rows with their contact and area: the subqueries below
    // run for the rows shown, not for every row the offset skips.
    const pageIds = base.select('clients.id').orderBy(sortKey, direction).orderBy('clients.id', direction).limit(limit).offset(offset);
    const rows = await db
      .selectFrom(pageIds.as('p'))
      .innerJoin('clients', 'clients.id', 'p.id')
      .leftJoin('branches', 'branches.id', 'clients.branch_id')
      .select([
        'clients.id',
        'clients.name_en',
        'clients.name_zh',
        'clients.tags',
        'clients.updated_at',
        'branches.name_en as branch_en',
        'branches.name_zh as branch_zh',
        (eb) =>
          eb
            .selectFrom('client_contacts')
            .select(sql<string>`json_build_object('name', name, 'phones', phones)::text`.as('c'))
            .whereRef('client_contacts.client_id', '=', 'clients.id')
            .orderBy('is_primary', 'desc')
            .orderBy('sort_order')
            .limit(1)
            .as('primary_contact'),
        (eb) =>
          eb
            .selectFrom('client_addresses')
            .innerJoin('areas', 'areas.id', 'client_addresses.area_id')
            .select(sql<string>`json_build_object('nameEn', areas.name_en, 'nameZh', areas.name_zh)::text`.as('a'))
            .whereRef('client_addresses.client_id', '=', 'clients.id')
            .orderBy('client_addresses.sort_order')
            .limit(1)
            .as('first_area'),
      ])
      .orderBy(sortKey, direction)
      .orderBy('clients.id', direction)
      .execute();
    const tags = await db.selectFrom(sql<{ tag: string }>`(select distinct jsonb_array_elements_text(tags) as tag from clients)`.as('t')).select('t.tag').orderBy('t.tag').limit(200).execute();
    return c.json({
      items: rows.map((r) => ({
        id: r.id,
        code: clientCode(r.id),
        nameEn: r.name_en,
        nameZh: r.name_zh,
        tags: r.tags,
        primaryContact: r.primary_contact ? (JSON.parse(r.primary_contact) as { name: string; phones: string[] }) : null,
        area: r.first_area ? (JSON.parse(r.first_area) as { nameEn: string; nameZh: string }) : null,
        branch: r.branch_en === null ? null : { nameEn: r.branch_en, nameZh: r.branch_zh },
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
      total,
      page,
      perPage: per_page,
      // Every client source, the inactive ones after the active: clients may still hold those.
      filters: { ...(await formOptions(c)), sources: await optionFilter(db, 'client_source'), tags: tags.map((t) => t.tag) },
    });
  });

  routes.get('/clients/create', ...requirePermission('client_create'), async (c) => {
    const user = c.var.user!;
    return c.json({ options: await formOptions(c), defaults: { companyId: user.companyId, branchId: user.branchId } });
  });

  routes.post('/clients', ...requirePermission('client_create'), async (c) => {
    const body = await parseJsonBody(c, CreateClient);
    if (body.isErr()) return body.error;
    const input = body.value;
    const errors = await checkClient(c, input);
    if (Object.keys(errors).length > 0) return c.json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, 422);
    const { db, now, encrypter } = c.var.deps;
    const user = c.var.user!;
    const hkid = input.hkid ? normaliseHkid(input.hkid) : null;
    const source = sourceOf(input) ?? null;
    const id = await db.transaction().execute(async (tx) => {
      if (source !== null && !(await holdOption(tx, 'client_source', source, true))) throw new SourceGone();
      const row = await tx
        .insertInto('clients')
        .values({
          name_en: input.nameEn,
          name_zh: input.nameZh,
          hkid_sealed: hkid ? await encrypter.encrypt(hkid.value) : null,
          hkid_masked: hkid?.masked ?? null,
          tags: JSON.stringify([...new Set(input.tags)]),
          company_id: input.companyId ?? user.companyId,
          branch_id: input.branchId ?? user.branchId,
          notes: input.notes,
          source,
          created_by: user.id,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeChildren(tx, row.id, input);
      // The audit line goes with the change: both are kept, or neither.
      await audit(
        c,
        {
          action: 'create',
          entityType: 'client',
          entityId: row.id,
          changes: { nameEn: input.nameEn, nameZh: input.nameZh, hkid: hkid ? hkid.masked : null, source, contacts: input.contacts.length, addresses: input.addresses.length },
        },
        tx,
      );
      return row.id;
    }).catch(sourceGoneAsMark);
    if (id === SOURCE_GONE) return sourceGone(c);
    return c.json({ client: await clientDetail(c, id) }, 201);
  });

  routes.get('/clients/:id{[0-9]{1,9}}', ...requirePermission('client_view'), async (c) => {
    const query = parseQuery(c, DetailQuery);
    if (query.isErr()) return query.error;
    const id = Number(c.req.param('id'));
    const client = await clientDetail(c, id);
    if (!client) return errorReply(c, 404, 'errors.notFound');
    const { tab } = query.value;
    const user = c.var.user!;
    return c.json({
      client,
      tab,
      options: await formOptions(c),
      canRevealHkid: hasPermission(user, 'hkid_reveal'),
      ...(tab === 'attachment' ? { attachments: await listAttachments(c, 'client', id) } : {}),
      ...(tab === 'quotation' && hasPermission(user, 'quotation_view') ? { quotations: await clientQuotations(c.var.deps.db, today(c), id) } : {}),
      ...(tab === 'order' && hasPermission(user, 'order_view') ? { orders: await clientOrders(c.var.deps.db, today(c), id) } : {}),
      ...(tab === 'appointment' ? { appointments: await clientAppointments(c, id) } : {}),
    });
  });

  routes.put('/clients/:id{[0-9]{1,9}}', ...requirePermission('client_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateClient);
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = Number(c.req.param('id'));
    const before = await clientDetail(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    const errors = await checkClient(c, input, before.source?.value ?? null);
    if (Object.keys(errors).length > 0) return c.json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, 422);
    const { db, now, encrypter } = c.var.deps;
    const hkid = input.hkid ? normaliseHkid(input.hkid) : null;
    const source = sourceOf(input);
    const hkidChange =
      input.hkid === undefined ? {} : { hkid_sealed: hkid ? await encrypter.encrypt(hkid.value) : null, hkid_masked: hkid?.masked ?? null };
    const updated = await db.transaction().execute(async (tx) => {
      // A new source must be active; the one the client keeps need only still exist.
      if (source && !(await holdOption(tx, 'client_source', source, source !== before.source?.value))) throw new SourceGone();
      const row = await tx
        .updateTable('clients')
        .set((eb) => ({
          name_en: input.nameEn,
          name_zh: input.nameZh,
          ...hkidChange,
          ...(source === undefined ? {} : { source }),
          tags: JSON.stringify([...new Set(input.tags)]),
          company_id: input.companyId,
          branch_id: input.branchId,
          notes: input.notes,
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await writeChildren(tx, id, input);
      const after = (await clientDetail(c, id, tx))!;
      await audit(c, { action: 'update', entityType: 'client', entityId: id, changes: clientChanges(before, after) }, tx);
      return after;
    }).catch(sourceGoneAsMark);
    if (updated === SOURCE_GONE) return sourceGone(c);
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ client: updated });
  });

  routes.delete('/clients/:id{[0-9]{1,9}}', ...requirePermission('client_delete'), async (c) => {
    const id = Number(c.req.param('id'));
    const { db, files } = c.var.deps;
    // The client's row is locked first, then checked, then deleted, all in one transaction. An order
    // (or any record) written at the same moment takes a share lock on that row for its reference:
    // either it committed first, waits no more, and the check sees it; or it waits for this lock and
    // then finds the client gone (refused as a conflict). No record can point to a deleted client.
    const outcome = await db.transaction().execute(async (tx) => {
      const locked = await tx.selectFrom('clients').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) return 'notFound' as const;
      for (const check of CLIENT_RECORD_CHECKS) {
        if (await check(tx, id)) return 'hasRecords' as const;
      }
      const client = (await clientDetail(c, id, tx))!;
      const attachments = await tx.deleteFrom('attachments').where('owner_type', '=', 'client').where('owner_id', '=', id).returning('file_key').execute();
      await tx.deleteFrom('clients').where('id', '=', id).execute();
      await audit(c, { action: 'delete', entityType: 'client', entityId: id, changes: { nameEn: client.nameEn, nameZh: client.nameZh, code: client.code } }, tx);
      return attachments;
    });
    if (outcome === 'notFound') return errorReply(c, 404, 'errors.notFound');
    if (outcome === 'hasRecords') return errorReply(c, 422, 'clients.hasRecords');
    // The files go once the rows are gone for good.
    for (const a of outcome) await files.delete(a.file_key);
    return c.body(null, 204);
  });

  /** The full HKID, for a user with hkid_reveal; every reveal is written to the audit log. */
  routes.post('/clients/:id{[0-9]{1,9}}/hkid/reveal', ...requirePermission('hkid_reveal'), async (c) => {
    const id = Number(c.req.param('id'));
    const row = await c.var.deps.db.selectFrom('clients').select(['hkid_sealed']).where('id', '=', id).executeTakeFirst();
    if (!row) return errorReply(c, 404, 'errors.notFound');
    const hkid = row.hkid_sealed ? await c.var.deps.encrypter.decrypt(row.hkid_sealed) : null;
    await audit(c, { action: 'reveal', entityType: 'client', entityId: id, changes: { field: 'hkid' } });
    return c.json({ hkid });
  });

  return routes;
}

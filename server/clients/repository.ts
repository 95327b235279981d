import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { toHalfWidth } from '../../domain/text/width';
import { clientHasAppointments } from '../appointments/clientAppointments';
import { countOf } from '../db/paging';
import type { Database } from '../db/schema';
import { insertStamped, updateAtVersion } from '../db/versioned';
import { likePattern, pageWindow } from '../http/query';
import { activeOptions, optionNames } from '../admin/lists/optionLists';

type Db = Kysely<Database> | Transaction<Database>;

/** Client numbers as staff quote them: C000123. */
export const clientCode = (id: number): string => `C${String(id).padStart(6, '0')}`;

/** A phone as stored (and searched): its digits and a leading +, full-width digits as plain ones. */
const phoneDigits = (phone: string): string => toHalfWidth(phone).replace(/[^\d+]/g, '');

/** The client as the screens show it; the HKID only masked. */
export async function findClient(db: Db, id: number) {
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
    /** No reminders to this client (issue 21 item 7). */
    remindersOptOut: row.reminders_opt_out,
    /** The language of the client's e-mails (migration 0024). */
    mailLanguage: row.mail_language,
    version: row.version,
    contacts: contacts.map((contact) => ({ id: contact.id, name: contact.name, title: contact.title, phones: contact.phones, email: contact.email, isPrimary: contact.is_primary, isAccounts: contact.is_accounts })),
    addresses: addresses.map((a) => ({ id: a.id, label: a.label, address: a.address, areaId: a.area_id, area: a.area_en === null || a.area_zh === null ? null : { nameEn: a.area_en, nameZh: a.area_zh } })),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export type ClientDetail = NonNullable<Awaited<ReturnType<typeof findClient>>>;

/** The choices of the client form: areas, branches, companies and the active client sources. */
export async function formOptions(db: Db) {
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

/** Which of these area ids exist. */
export async function knownAreaIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('areas').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((a) => a.id));
}

export async function companyExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst());
}

export async function branchExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst());
}

export interface ContactRow {
  readonly name: string;
  readonly title: string;
  readonly phones: readonly string[];
  readonly email: string;
  readonly isPrimary: boolean;
  readonly isAccounts: boolean;
}

export interface AddressRow {
  readonly label: string;
  readonly address: string;
  readonly areaId: number | null;
}

/** Replaces a client's contacts and addresses, in their order (phones stored as their digits). */
export async function writeChildren(db: Db, clientId: number, contacts: readonly ContactRow[], addresses: readonly AddressRow[]): Promise<void> {
  await db.deleteFrom('client_contacts').where('client_id', '=', clientId).execute();
  await db.deleteFrom('client_addresses').where('client_id', '=', clientId).execute();
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
          is_accounts: contact.isAccounts,
          sort_order: index,
        })),
      )
      .execute();
  }
  if (addresses.length > 0) {
    await db
      .insertInto('client_addresses')
      .values(addresses.map((address, index) => ({ client_id: clientId, label: address.label, address: address.address, area_id: address.areaId, sort_order: index })))
      .execute();
  }
}

/** The columns a save writes (the HKID sealed and masked, or left out when unchanged). */
export interface ClientColumns {
  readonly name_en: string;
  readonly name_zh: string;
  readonly hkid_sealed?: string | null;
  readonly hkid_masked?: string | null;
  readonly tags: readonly string[];
  readonly company_id: number | null;
  readonly branch_id: number | null;
  readonly notes: string;
  readonly source?: string | null;
  readonly reminders_opt_out?: boolean;
  readonly mail_language?: 'zh-HK' | 'en' | 'both';
}

export const insertClient = (db: Db, columns: ClientColumns, createdBy: number, at: Date): Promise<number> =>
  insertStamped(db, 'clients', { ...columns, tags: JSON.stringify(columns.tags), created_by: createdBy }, at);

/** Updates the client at this version (and moves the version on); false when it is gone or at another version. */
export const updateClientRow = (db: Db, id: number, version: number, columns: ClientColumns, at: Date): Promise<boolean> =>
  updateAtVersion(db, 'clients', { id, version }, { ...columns, tags: JSON.stringify(columns.tags) }, at);

/** Locks the client's row for the rest of the transaction; false when there is none. */
export async function lockClient(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('clients').select('id').where('id', '=', id).forUpdate().executeTakeFirst());
}

export async function deleteClientRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('clients').where('id', '=', id).execute();
}

/** The client's sealed HKID: undefined when there is no such client, null when it has none. */
export async function sealedHkid(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('clients').select(['hkid_sealed']).where('id', '=', id).executeTakeFirst();
  return row ? row.hkid_sealed : undefined;
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

export interface ClientSearch {
  readonly q?: string;
  readonly tag?: string;
  readonly areaId?: number;
  readonly branchId?: number;
  readonly source?: string;
  readonly sort: 'name' | '-name' | 'created' | '-created' | 'code' | '-code';
  readonly page: number;
  readonly perPage: number;
}

/** One page of the client list and how many match in all. */
export async function searchClients(db: Kysely<Database>, search: ClientSearch) {
  const { q, tag, areaId, branchId, source, sort, page, perPage } = search;
  let base = db.selectFrom('clients');
  if (q) base = base.where(searchCondition(q));
  if (tag) base = base.where(sql<boolean>`clients.tags @> ${JSON.stringify([tag])}::jsonb`);
  if (branchId) base = base.where('clients.branch_id', '=', branchId);
  if (source) base = base.where('clients.source', '=', source);
  if (areaId) {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('client_addresses').select(sql`1`.as('one')).whereRef('client_addresses.client_id', '=', 'clients.id').where('client_addresses.area_id', '=', areaId)),
    );
  }
  const total = await countOf(base);
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const column = sort.replace('-', '');
  const { limit, offset } = pageWindow(page, perPage);
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
  const items = rows.map((r) => ({
    id: r.id,
    code: clientCode(r.id),
    nameEn: r.name_en,
    nameZh: r.name_zh,
    tags: r.tags,
    primaryContact: r.primary_contact ? (JSON.parse(r.primary_contact) as { name: string; phones: string[] }) : null,
    area: r.first_area ? (JSON.parse(r.first_area) as { nameEn: string; nameZh: string }) : null,
    branch: r.branch_en === null || r.branch_zh === null ? null : { nameEn: r.branch_en, nameZh: r.branch_zh },
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  return { items, total };
}

/** Every tag in use, in order (at most 200), for the list's filter. */
export async function clientTags(db: Db): Promise<string[]> {
  const rows = await db.selectFrom(sql<{ tag: string }>`(select distinct jsonb_array_elements_text(tags) as tag from clients)`.as('t')).select('t.tag').orderBy('t.tag').limit(200).execute();
  return rows.map((t) => t.tag);
}

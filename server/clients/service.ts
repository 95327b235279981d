import { err, ok, type Result } from 'neverthrow';
import { hasPermission } from '../../domain/auth/permissions';
import { mayOpenTab } from '../../domain/auth/tabs';
import { maskHkid, parseHkid } from '../../domain/hk/hkid';
import { parsePhone } from '../../domain/hk/phone';
import { clientAppointments } from '../appointments/clientAppointments';
import { listAttachments } from '../attachments/service';
import { deleteOwnerAttachments } from '../attachments/repository';
import { audit, fieldChanges } from '../audit';
import type { AppContext } from '../http/env';
import { forbidden, type Failure } from '../service/failure';
import type { ServerMessageKey } from '../i18n';
import { activeOptions, holdOption, optionFilter } from '../admin/lists/optionLists';
import { today } from '../http/dates';
import { clientOrders } from '../sales/orders/service';
import { clientQuotations } from '../sales/quotations/service';
import type { ClientInput, ClientTab } from './input';
import type { Statement } from '../../domain/statements/statement';
import { clientStatement, defaultStatementPeriod } from './statement';
import {
  branchExists,
  CLIENT_RECORD_CHECKS,
  clientTags,
  companyExists,
  deleteClientRow,
  findClient,
  formOptions,
  insertClient,
  knownAreaIds,
  lockClient,
  sealedHkid,
  searchClients,
  updateClientRow,
  writeChildren,
  type ClientColumns,
  type ClientDetail,
  type ClientSearch,
} from './repository';

/** Why a client could not be saved, deleted or shown: the common failures, and records that keep it. */
export type ClientFailure = Extract<Failure<'clientHasRecords'>, { code: 'notFound' | 'forbidden' | 'conflict' | 'validation' | 'clientHasRecords' }>;

type FieldProblems = Record<string, ServerMessageKey>;

/** The message key for an HKID that is not valid, or null when it is. */
function hkidProblem(input: string): ServerMessageKey | null {
  const result = parseHkid(input);
  return result.isOk() ? null : result.error.code === 'hkidFormat' ? 'clients.hkidFormat' : 'clients.hkidCheckDigit';
}

/** A valid HKID as stored (sealed) and as shown (masked); null when it is not valid (checked before). */
function normaliseHkid(input: string): { value: string; masked: string } | null {
  const result = parseHkid(input);
  return result.isOk() ? { value: result.value.value, masked: maskHkid(result.value) } : null;
}

/** The source the input sets: undefined when it leaves the client's as it is, null when none. */
const sourceOf = (input: ClientInput): string | null | undefined => (input.source === undefined ? undefined : input.source || null);

const sourceGone = (): ClientFailure => ({ code: 'validation', fields: { source: 'clients.sourceUnknown' } });

/**
 * Checks beyond the shape: one name at least, one primary contact at most, phone numbers by the
 * domain's rule, a known company, branch and areas, a valid HKID, and a source among the active
 * client sources (or the one the client already has, even if no longer active). Keyed like the body
 * (contacts.0.name, contacts.0.phones.1 …).
 */
async function checkClient(c: AppContext, input: ClientInput, currentSource: string | null = null): Promise<FieldProblems> {
  const { db } = c.var.deps;
  const problems: FieldProblems = {};
  if (input.nameEn === '' && input.nameZh === '') {
    problems.nameEn = 'clients.nameRequired';
    problems.nameZh = 'clients.nameRequired';
  }
  if (input.contacts.filter((contact) => contact.isPrimary).length > 1) problems.contacts = 'clients.onePrimary';
  if (input.contacts.filter((contact) => contact.isAccounts).length > 1) problems.contacts = 'clients.oneAccounts';
  input.contacts.forEach((contact, i) =>
    contact.phones.forEach((phone, j) => {
      if (parsePhone(phone).isErr()) problems[`contacts.${i}.phones.${j}`] = 'clients.phoneFormat';
    }),
  );
  const areaIds = [...new Set(input.addresses.map((a) => a.areaId).filter((id): id is number => id !== null))];
  if (areaIds.length > 0) {
    const known = await knownAreaIds(db, areaIds);
    input.addresses.forEach((address, index) => {
      if (address.areaId !== null && !known.has(address.areaId)) problems[`addresses.${index}.areaId`] = 'validation.invalid';
    });
  }
  if (input.companyId !== null && !(await companyExists(db, input.companyId))) problems.companyId = 'validation.invalid';
  if (input.branchId !== null && !(await branchExists(db, input.branchId))) problems.branchId = 'validation.invalid';
  const hkid = input.hkid ? hkidProblem(input.hkid) : null;
  if (hkid) problems.hkid = hkid;
  const source = sourceOf(input);
  if (source && source !== currentSource && !(await activeOptions(db, 'client_source')).some((o) => o.value === source)) problems.source = 'clients.sourceUnknown';
  return problems;
}

/** The contacts as saved: the first is primary when none is. */
function withPrimary<T extends { isPrimary: boolean }>(contacts: readonly T[]): T[] {
  if (contacts.length === 0 || contacts.some((contact) => contact.isPrimary)) return [...contacts];
  return contacts.map((contact, index) => ({ ...contact, isPrimary: index === 0 }));
}

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
    remindersOptOut: detail.remindersOptOut,
    mailLanguage: detail.mailLanguage,
    contacts: detail.contacts.map(({ id: _id, ...contact }) => contact),
    addresses: detail.addresses.map(({ id: _id, area: _area, ...address }) => address),
  });
  return fieldChanges(comparable(before), comparable(after));
}

/** The client list's page, its total and the choices of its filters. */
export async function clientList(c: AppContext, search: ClientSearch) {
  const { db } = c.var.deps;
  const { items, total } = await searchClients(db, search);
  const tags = await clientTags(db);
  return {
    items,
    total,
    page: search.page,
    perPage: search.perPage,
    // Every client source, the inactive ones after the active: clients may still hold those.
    filters: { ...(await formOptions(db)), sources: await optionFilter(db, 'client_source'), tags },
  };
}

/** What the new-client form starts from: its choices and the user's company and branch. */
export async function newClientForm(c: AppContext) {
  const user = c.var.user!;
  return { options: await formOptions(c.var.deps.db), defaults: { companyId: user.companyId, branchId: user.branchId } };
}

/** A client's screen: the client, the form's choices, and the chosen tab's records the user may see. */
export async function clientPage(c: AppContext, id: number, tab: ClientTab, period: { from?: string; to?: string } = {}) {
  const user = c.var.user!;
  // A tab of another area's records (quotations, invoices, the statement) needs that area's view.
  if (!mayOpenTab(user, 'client', tab)) return err(forbidden);
  const client = await findClient(c.var.deps.db, id);
  if (!client) return err({ code: 'notFound' } as const);
  let statement: Statement | undefined;
  if (tab === 'statement') {
    const fallback = defaultStatementPeriod(period.to ?? today(c));
    const made = await clientStatement(c.var.deps.db, id, period.from ?? fallback.from, period.to ?? fallback.to);
    if (!made) return err({ code: 'validation', fields: { from: 'clients.statementPeriod' } } satisfies ClientFailure);
    statement = made;
  }
  return ok({
    client,
    tab,
    options: await formOptions(c.var.deps.db),
    canRevealHkid: hasPermission(user, 'hkid_reveal'),
    ...(tab === 'attachment' ? { attachments: await listAttachments(c, 'client', id) } : {}),
    ...(tab === 'quotation' ? { quotations: await clientQuotations(c.var.deps.db, today(c), id) } : {}),
    ...(tab === 'order' ? { orders: await clientOrders(c.var.deps.db, today(c), id) } : {}),
    ...(tab === 'appointment' ? { appointments: await clientAppointments(c, id) } : {}),
    ...(statement ? { statement } : {}),
  });
}

/** The columns of the input; the HKID and source only when `hkid`/`source` say they change. */
function columnsOf(input: ClientInput, hkid: { sealed: string | null; masked: string | null } | undefined, source: string | null | undefined): Omit<ClientColumns, 'company_id' | 'branch_id'> {
  return {
    name_en: input.nameEn,
    name_zh: input.nameZh,
    ...(hkid === undefined ? {} : { hkid_sealed: hkid.sealed, hkid_masked: hkid.masked }),
    ...(source === undefined ? {} : { source }),
    ...(input.remindersOptOut === undefined ? {} : { reminders_opt_out: input.remindersOptOut }),
    ...(input.mailLanguage === undefined ? {} : { mail_language: input.mailLanguage }),
    tags: [...new Set(input.tags)],
    notes: input.notes,
  };
}

/** Seals the input's HKID: undefined when the input leaves it as it is. */
async function sealHkid(c: AppContext, input: ClientInput) {
  if (input.hkid === undefined) return undefined;
  const hkid = input.hkid ? normaliseHkid(input.hkid) : null;
  return { sealed: hkid ? await c.var.deps.encrypter.encrypt(hkid.value) : null, masked: hkid?.masked ?? null };
}

/** Creates a client (the user's company and branch unless chosen), its contacts and addresses, with its audit line. */
export async function createClient(c: AppContext, input: ClientInput): Promise<Result<ClientDetail, ClientFailure>> {
  const problems = await checkClient(c, input);
  if (Object.keys(problems).length > 0) return err({ code: 'validation', fields: problems });
  const { db, now } = c.var.deps;
  const user = c.var.user!;
  const hkid = (await sealHkid(c, input)) ?? { sealed: null, masked: null };
  const source = sourceOf(input) ?? null;
  const id = await db.transaction().execute(async (tx) => {
    if (source !== null && !(await holdOption(tx, 'client_source', source, true))) return null;
    const id = await insertClient(tx, { ...columnsOf(input, hkid, source), company_id: input.companyId ?? user.companyId, branch_id: input.branchId ?? user.branchId }, user.id, now());
    await writeChildren(tx, id, withPrimary(input.contacts), input.addresses);
    // The audit line goes with the change: both are kept, or neither.
    await audit(
      c,
      {
        action: 'create',
        entityType: 'client',
        entityId: id,
        changes: { nameEn: input.nameEn, nameZh: input.nameZh, hkid: hkid.masked, source, remindersOptOut: input.remindersOptOut ?? false, mailLanguage: input.mailLanguage ?? 'both', contacts: input.contacts.length, addresses: input.addresses.length },
      },
      tx,
    );
    return id;
  });
  if (id === null) return err(sourceGone());
  return ok((await findClient(db, id))!);
}

/** Saves an edit made at `version` (409 when the client moved on), with the field changes in its audit line. */
export async function updateClient(c: AppContext, id: number, input: ClientInput & { version: number }): Promise<Result<ClientDetail, ClientFailure>> {
  const { db, now } = c.var.deps;
  const before = await findClient(db, id);
  if (!before) return err({ code: 'notFound' });
  const problems = await checkClient(c, input, before.source?.value ?? null);
  if (Object.keys(problems).length > 0) return err({ code: 'validation', fields: problems });
  const hkid = await sealHkid(c, input);
  const source = sourceOf(input);
  const outcome = await db.transaction().execute(async (tx): Promise<Result<ClientDetail, ClientFailure>> => {
    // A new source must be active; the one the client keeps need only still exist.
    if (source && !(await holdOption(tx, 'client_source', source, source !== before.source?.value))) return err(sourceGone());
    const saved = await updateClientRow(tx, id, input.version, { ...columnsOf(input, hkid, source), company_id: input.companyId, branch_id: input.branchId }, now());
    if (!saved) return err({ code: 'conflict' });
    await writeChildren(tx, id, withPrimary(input.contacts), input.addresses);
    const after = (await findClient(tx, id))!;
    await audit(c, { action: 'update', entityType: 'client', entityId: id, changes: clientChanges(before, after) }, tx);
    return ok(after);
  });
  return outcome;
}

/**
 * Deletes a client with no records, its attachments and their files, with its audit line.
 * The client's row is locked first, then checked, then deleted, all in one transaction. An order
 * (or any record) written at the same moment takes a share lock on that row for its reference:
 * either it committed first, waits no more, and the check sees it; or it waits for this lock and
 * then finds the client gone (refused as a conflict). No record can point to a deleted client.
 */
export async function deleteClient(c: AppContext, id: number): Promise<Result<void, ClientFailure>> {
  const { db, files } = c.var.deps;
  const outcome = await db.transaction().execute(async (tx): Promise<Result<string[], ClientFailure>> => {
    if (!(await lockClient(tx, id))) return err({ code: 'notFound' });
    for (const check of CLIENT_RECORD_CHECKS) {
      if (await check(tx, id)) return err({ code: 'clientHasRecords' });
    }
    const client = (await findClient(tx, id))!;
    const fileKeys = await deleteOwnerAttachments(tx, 'client', id);
    await deleteClientRow(tx, id);
    await audit(c, { action: 'delete', entityType: 'client', entityId: id, changes: { nameEn: client.nameEn, nameZh: client.nameZh, code: client.code } }, tx);
    return ok(fileKeys);
  });
  if (outcome.isErr()) return err(outcome.error);
  // The files go once the rows are gone for good.
  for (const key of outcome.value) await files.delete(key);
  return ok(undefined);
}

/** The full HKID (null when none), for a user with hkid_reveal; every reveal is written to the audit log. */
export async function revealHkid(c: AppContext, id: number): Promise<Result<string | null, ClientFailure>> {
  const sealed = await sealedHkid(c.var.deps.db, id);
  if (sealed === undefined) return err({ code: 'notFound' });
  const hkid = sealed ? await c.var.deps.encrypter.decrypt(sealed) : null;
  await audit(c, { action: 'reveal', entityType: 'client', entityId: id, changes: { field: 'hkid' } });
  return ok(hkid);
}

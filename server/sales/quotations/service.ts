import { err, ok } from 'neverthrow';
import { dueDate } from '../../../domain/orders/order';
import { checkContract, checkQuotationTransition, effectiveStatus, expiryDate, toOrder, VISIT_FREQUENCIES, type QuotationStatus, type VisitFrequency } from '../../../domain/quotations/quotation';
import type { IsoDate } from '../../../domain/time/dates';
import type { Caller, Db } from '../caller';
import type { DocumentInput } from '../documents/input';
import { clientSummary, codeValue, documentOptions, nextNumber, NUMBER_PREFIX, saveItems } from '../documents/repository';
import { checkDocument, createDocument, documentListing, documentParts, documentTerms, editDocument } from '../documents/service';
import type { FieldProblems, SalesResult } from '../failures';
import { conflict, notFound } from '../../service/failure';
import { quotationResponse } from '../../links/responses';
import { insertOrder } from '../orders/repository';
import { paymentTermsDays } from '../orders/service';
import {
  deleteDraft,
  insertQuotation,
  linkOrder,
  lockForConvert,
  quotationList,
  quotationRow,
  quotationsOfClient,
  updateQuotation,
  updateStatus,
  type QuotationListRow,
} from './repository';

/** Quotations: basic and contract, their status by the domain (expiry, transitions), turned into orders. */

/** A quotation's own fields as lists show them (documentListing adds its client and salesperson), with its status as of `today`. */
const listItem = (r: QuotationListRow, today: IsoDate) => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  date: r.date,
  validUntil: expiryDate(r.date, r.valid_days),
  status: effectiveStatus(r.status, r.date, r.valid_days, today),
  total: r.total,
  orderId: r.order_id,
});

/** The quotation lists: a client's (newest first, the client's quotation tab), a CSV export, and a page with how many there are and the form options. */
export const { ofClient: clientQuotations, forExport: quotationsForExport, page: quotationPage } = documentListing('quotation', { list: quotationList, ofClient: quotationsOfClient }, listItem);
export type QuotationListItem = Awaited<ReturnType<typeof clientQuotations>>[number];

/** One quotation with its lines, terms and letterhead, its status as of `today`; null when there is none. */
export async function loadQuotation(db: Db, today: IsoDate, id: number) {
  const r = await quotationRow(db, id);
  if (!r) return null;
  const frequency = VISIT_FREQUENCIES.find((f) => f === r.visit_frequency);
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    date: r.date_text,
    validDays: r.valid_days,
    validUntil: expiryDate(r.date_text, r.valid_days),
    status: effectiveStatus(r.status, r.date_text, r.valid_days, today),
    storedStatus: r.status,
    ...(await documentParts(db, 'quotation', r)),
    contract: r.kind === 'contract' && r.period_start_text && r.period_end_text && frequency ? { periodStart: r.period_start_text, periodEnd: r.period_end_text, frequency } : null,
    // The order made from it (its number is there whenever the link is: a foreign key).
    order: r.order_id === null || r.order_number === null ? null : { id: r.order_id, number: r.order_number },
    // The customer's latest answer through a customer link (accepted with a signature, or declined).
    customerResponse: await quotationResponse(db, r.id),
  };
}
export type Quotation = NonNullable<Awaited<ReturnType<typeof loadQuotation>>>;

/** The options of the quotation forms: branches, salespeople, active products, terms. */
export const quotationOptions = (db: Db) => documentOptions(db, 'quotation');

/** What the new-quotation form starts with: options, defaults (the validity of Settings → Codes) and the client. */
export async function quotationForm(caller: Caller, kind: 'basic' | 'contract', clientId: number | null) {
  const { db, user, today } = caller;
  return {
    options: await documentOptions(db, 'quotation'),
    defaults: { kind, date: today, validDays: Number(await codeValue(db, 'quotation_valid_days')), branchId: user.branchId, salespersonId: user.id },
    client: clientId === null ? null : await clientSummary(db, clientId),
  };
}

export interface QuotationInput extends DocumentInput {
  readonly kind: 'basic' | 'contract';
  readonly validDays: number;
  readonly contract: { readonly periodStart: string; readonly periodEnd: string; readonly frequency: VisitFrequency } | null;
}

/** The quotation's own field checks: a contract quotation has a contract whose period ends after it starts. */
function ownChecks(input: QuotationInput): FieldProblems {
  if (input.kind !== 'contract') return {};
  if (!input.contract) return { contract: { key: 'sales.contractRequired' } };
  return checkContract(input.contract).isErr() ? { 'contract.periodEnd': { key: 'sales.contractPeriod' } } : {};
}

/** Creates a quotation; its id. */
export async function createQuotation(caller: Caller, input: QuotationInput): Promise<SalesResult<number>> {
  const checked = await checkDocument(caller.db, input, 'quotation', ownChecks(input));
  return createDocument(caller, 'quotation', input, checked, (tx, number, figures) =>
    insertQuotation(tx, number, { ...input, figures, terms: checked.terms }, { userId: caller.user.id, now: caller.now() }),
  );
}

/** Edits a quotation: only a draft. */
export function editQuotation(caller: Caller, id: number, input: QuotationInput & { version: number }): Promise<SalesResult<Quotation>> {
  const { db, now, today } = caller;
  return editDocument<Quotation>(caller, 'quotation', {
    id,
    version: input.version,
    input,
    load: (db, id) => loadQuotation(db, today, id),
    locked: (before) => (before.storedStatus !== 'draft' ? { code: 'quotationLocked' } : null),
    check: () => checkDocument(db, input, 'quotation', ownChecks(input)),
    update: (tx, _before, checked, figures) => updateQuotation(tx, id, input.version, { ...input, figures, terms: checked.terms }, now()),
    audited: ['kind', 'date', 'clientId', 'branchId', 'salespersonId', 'validDays', 'discountRateBp', 'total', 'terms', 'notes', 'contract', 'items'],
  });
}

/**
 * Moves a quotation to another status by the domain's transitions, from the status as shown (an
 * expired quotation can only go back to draft, which restarts its validity from today).
 */
export async function moveQuotation(caller: Caller, id: number, body: { status: Exclude<QuotationStatus, 'expired'>; version: number }): Promise<SalesResult<void>> {
  const { db, now, today } = caller;
  const before = await loadQuotation(db, today, id);
  if (!before) return err(notFound);
  if (before.version !== body.version) return err(conflict);
  const move = checkQuotationTransition(before.status, body.status);
  if (move.isErr()) return err({ code: 'quotationTransition', from: before.status, to: body.status });
  // Back to draft restarts its validity from today, so the reworked quotation is not expired at once.
  const restart = body.status === 'draft' && before.status === 'expired' ? { date: today } : {};
  const moved = await db.transaction().execute(async (tx) => {
    const done = await updateStatus(tx, id, body.version, { status: body.status, ...restart }, now());
    if (done) {
      await caller.audit({ action: 'status', entityType: 'quotation', entityId: id, changes: { status: { from: before.status, to: body.status }, ...('date' in restart ? { date: { from: before.date, to: restart.date } } : {}) } }, tx);
    }
    return done;
  });
  return moved ? ok(undefined) : err(conflict);
}

/**
 * Turns an accepted quotation into an order (invoice) dated today, due by the payment terms, with
 * the quotation's lines and those of its terms that apply to invoices; the quotation is linked to it.
 * (The route asks for quotation_edit besides order_create.)
 */
export async function convertQuotation(caller: Caller, id: number, version: number): Promise<SalesResult<number>> {
  const { db, now, today, user } = caller;
  const quotation = await loadQuotation(db, today, id);
  if (!quotation) return err(notFound);
  if (quotation.version !== version) return err(conflict);
  if (quotation.order) return err({ code: 'quotationConverted', orderNumber: quotation.order.number ?? '' });
  const converted = toOrder({ kind: quotation.kind, status: quotation.status, date: quotation.date, validDays: quotation.validDays, lines: quotation.items, discountRate: quotation.discountRateBp });
  if (converted.isErr()) return err({ code: 'quotationNotAccepted' });
  const terms = await paymentTermsDays(db);
  const orderId = await db.transaction().execute(async (tx) => {
    const locked = await lockForConvert(tx, id);
    if (locked.order_id !== null || locked.version !== quotation.version) return null;
    const number = await nextNumber(tx, NUMBER_PREFIX.order, today, quotation.branchId, quotation.clientId);
    const orderId = await insertOrder(
      tx,
      number,
      {
        type: converted.value.type,
        date: today,
        dueDate: dueDate(today, terms),
        clientId: quotation.clientId,
        branchId: quotation.branchId,
        salespersonId: quotation.salespersonId,
        discountRateBp: quotation.discountRateBp,
        figures: { subtotal: quotation.subtotal, discount: quotation.discount, total: quotation.total },
        // The quotation's terms that apply to invoices too: a quotation-only term stays behind.
        terms: await documentTerms(tx, quotation.terms, 'order'),
        notes: quotation.notes,
      },
      { userId: user.id, now: now(), quotationId: id },
    );
    await saveItems(tx, 'order', orderId, quotation.items);
    await linkOrder(tx, id, orderId, now());
    await caller.audit({ action: 'convert', entityType: 'quotation', entityId: id, changes: { orderId } }, tx);
    await caller.audit({ action: 'create', entityType: 'order', entityId: orderId, changes: { fromQuotation: quotation.number, number } }, tx);
    return orderId;
  });
  return orderId === null ? err(conflict) : ok(orderId);
}

/** Deletes a draft quotation that has not become an invoice. */
export async function deleteQuotation(caller: Caller, id: number): Promise<SalesResult<void>> {
  const quotation = await loadQuotation(caller.db, caller.today, id);
  if (!quotation) return err(notFound);
  if (quotation.storedStatus !== 'draft' || quotation.order) return err({ code: 'quotationDeleteDraft' });
  await caller.db.transaction().execute(async (tx) => {
    if (await deleteDraft(tx, id)) await caller.audit({ action: 'delete', entityType: 'quotation', entityId: id, changes: { number: quotation.number, total: quotation.total } }, tx);
  });
  return ok(undefined);
}

import type { Transaction } from 'kysely';
import { orderFigures } from '../../domain/orders/order';
import { termApplies, type TermDocumentKind } from '../../domain/documents/terms';
import { addDays, type IsoDate } from '../../domain/time/dates';
import { nextDocumentNumber, writeItems, type ItemRow } from './documents';
import type { Database } from './schema';

interface DemoDocument {
  readonly client: number;
  /** Days before the seeding day. */
  readonly daysAgo: number;
  readonly lines: readonly (readonly [code: string, quantity: number])[];
  readonly discountBp?: number;
}

/** Demo quotations, orders and payments around the seeding day, so every sales screen has something to show. */
export async function seedSales(tx: Transaction<Database>, today: IsoDate, ids: { branchId: number; salesId: number; adminId: number }): Promise<void> {
  const products = await tx.selectFrom('products').select(['id', 'code', 'unit_price', 'name_en', 'name_zh']).execute();
  const clients = await tx.selectFrom('clients').select('id').orderBy('id').execute();
  const terms = await tx.selectFrom('order_terms').select(['title_en', 'title_zh', 'body_en', 'body_zh', 'applies_to']).orderBy('sort_order').execute();
  // Each document copies the terms that apply to its kind (a quotation-only term is never on an invoice).
  const termsJson = (kind: TermDocumentKind) =>
    JSON.stringify(terms.filter((t) => termApplies(t.applies_to, kind)).map((t) => ({ titleEn: t.title_en, titleZh: t.title_zh, bodyEn: t.body_en, bodyZh: t.body_zh, appliesTo: t.applies_to })));
  const itemsOf = (doc: DemoDocument): ItemRow[] =>
    doc.lines.map(([code, quantity]) => {
      const product = products.find((p) => p.code === code);
      if (!product) throw new Error(`Demo product ${code} is missing`);
      return { productId: product.id, descriptionEn: product.name_en, descriptionZh: product.name_zh, quantity: quantity * 100, unitPrice: product.unit_price };
    });
  const clientId = (index: number) => clients[index]?.id ?? clients[0]!.id;
  const common = { branch_id: ids.branchId, salesperson_id: ids.salesId, created_by: ids.salesId, created_at: new Date(), updated_at: new Date() };

  const quotation = async (doc: DemoDocument, extra: { kind: 'basic' | 'contract'; status: 'draft' | 'sent' | 'accepted'; contract?: boolean }) => {
    const items = itemsOf(doc);
    const date = addDays(today, -doc.daysAgo);
    const row = await tx
      .insertInto('quotations')
      .values({
        ...common,
        terms: termsJson('quotation'),
        number: await nextDocumentNumber(tx, 'quotation_prefix', date),
        kind: extra.kind,
        status: extra.status,
        date,
        client_id: clientId(doc.client),
        valid_days: 30,
        discount_rate_bp: doc.discountBp ?? 0,
        ...orderFigures(items, doc.discountBp ?? 0),
        ...(extra.contract ? { period_start: date, period_end: addDays(date, 364), visit_frequency: 'monthly' } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeItems(tx, 'quotation_items', row.id, items);
    return row.id;
  };

  const order = async (doc: DemoDocument, type: 'new_order' | 'regular_order' | 'review' | 'maintenance', extra: { quotationId?: number; voided?: boolean } = {}) => {
    const items = itemsOf(doc);
    const date = addDays(today, -doc.daysAgo);
    const row = await tx
      .insertInto('orders')
      .values({
        ...common,
        terms: termsJson('order'),
        number: await nextDocumentNumber(tx, 'invoice_prefix', date),
        type,
        date,
        due_date: addDays(date, 30),
        client_id: clientId(doc.client),
        quotation_id: extra.quotationId ?? null,
        discount_rate_bp: doc.discountBp ?? 0,
        ...orderFigures(items, doc.discountBp ?? 0),
        ...(extra.voided ? { voided: true, void_reason: 'Entered twice', voided_at: new Date(), voided_by: ids.adminId } : {}),
      })
      .returning(['id', 'total'])
      .executeTakeFirstOrThrow();
    await writeItems(tx, 'order_items', row.id, items);
    if (extra.quotationId) await tx.updateTable('quotations').set({ order_id: row.id }).where('id', '=', extra.quotationId).execute();
    return row;
  };

  const receipt = async (orderId: number, daysAgo: number, amount: number, method: 'cash' | 'cheque' | 'bank_transfer' | 'fps', bankedIn: boolean) => {
    const date = addDays(today, -daysAgo);
    await tx
      .insertInto('receipts')
      .values({
        number: await nextDocumentNumber(tx, 'receipt_prefix', date),
        order_id: orderId,
        kind: 'receipt',
        date,
        method,
        reference: method === 'cheque' ? 'HSBC 000123' : '',
        amount,
        banked_in: bankedIn,
        banked_in_at: bankedIn ? new Date() : null,
        created_by: ids.salesId,
        created_at: new Date(),
      })
      .execute();
    await tx.updateTable('orders').set((eb) => ({ paid: eb('paid', '+', amount) })).where('id', '=', orderId).execute();
  };

  // 1: an open basic quotation; 2: a contract quotation that became order 2.
  await quotation({ client: 0, daysAgo: 5, lines: [['CR-GEL', 1], ['PR-SPRAY', 2]] }, { kind: 'basic', status: 'sent' });
  const contract = await quotation({ client: 1, daysAgo: 20, lines: [['DS-MONTH', 12]], discountBp: 1000 }, { kind: 'contract', status: 'accepted', contract: true });
  await quotation({ client: 2, daysAgo: 2, lines: [['TM-INSP', 1]] }, { kind: 'basic', status: 'draft' });

  // 1: overdue and part paid in cash not yet banked in; 2: the contract, paid by a banked cheque;
  // 3: not yet due; 4: void.
  const first = await order({ client: 0, daysAgo: 45, lines: [['TM-INSP', 1], ['TM-BAIT', 1]] }, 'new_order');
  await receipt(first.id, 40, 100_000, 'cash', false);
  const second = await order({ client: 1, daysAgo: 18, lines: [['DS-MONTH', 12]], discountBp: 1000 }, 'regular_order', { quotationId: contract });
  await receipt(second.id, 15, second.total, 'cheque', true);
  await order({ client: 2, daysAgo: 6, lines: [['RD-TRAP', 2], ['PR-TRAP', 1]] }, 'maintenance');
  await order({ client: 0, daysAgo: 30, lines: [['CR-GEL', 1]] }, 'review', { voided: true });
}

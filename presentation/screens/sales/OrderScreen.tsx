import { use, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { countedTotal, ORDER_TYPES, type OrderType } from '../../../domain/orders/order';
import { signedAmount } from '../../../domain/orders/receipts';
import { screenValue } from '../../../application/navigation/screenData';
import { comparableForm, rekeyLines } from '../../../application/sales/documentForm';
import { changeOrderForm, orderStart, type OrderForm } from '../../../application/sales/orderForm';
import type { OrderDialog } from '../../../application/sales/OrderDesk';
import { SalesDeskLoader } from '../../../application/sales/SalesDesks';
import type { Order, OrderScreenData, Receipt } from '../../../application/sales/sales';
import { DraftService } from '../../../application/session/DraftService';
import type { ScreenProps } from '../../app/ScreenProps';
import { AttachmentsPanel } from '../../components/AttachmentsPanel';
import { DataTable } from '../../components/DataTable';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { StaleSaveOffer } from '../../components/StaleSaveOffer';
import { TabLinks } from '../../components/TabLinks';
import { TextField } from '../../components/TextField';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { useFormDraft } from '../../hooks/useDraft';
import { useStaleSave } from '../../hooks/useStaleSave';
import { useSubmit } from '../../hooks/useSubmit';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { useService } from '../../services/ServicesContext';
import { CustomerLinkPanel } from './CustomerLinkPanel';
import { DocumentFields } from './DocumentFields';
import { PaymentDialog, VoidDialog } from './OrderDialogs';
import { DocumentEmail } from './DocumentEmail';
import { PrintPreview } from './PrintPreview';
import { methodWords } from './paymentMethods';
import { invoiceDocument, receiptDocument } from '../../../domain/documents/printable';
import { StatusBadge } from './StatusBadge';
import type { ClientAppointment } from '../../../application/appointments/appointment';
import { ClientAppointmentsPanel } from '../clients/ClientAppointmentsPanel';

/**
 * /orders/order/invoice/create, /orders/order/invoice/{id} and /orders/order/appointment/{id}: an
 * invoice's details and lines, its receipts and refunds, void and unvoid, its files and print view;
 * and the appointments that belong to it.
 */
export default function OrderScreen({ data, route }: ScreenProps) {
  const screen = screenValue(data, 'order');
  const tab = route.path.startsWith('/orders/order/appointment') ? 'appointment' : 'invoice';
  return <OrderEditor key={screen.order?.version ?? 'new'} screen={screen} tab={tab} />;
}

function OrderEditor({ screen, tab }: { screen: OrderScreenData; tab: 'invoice' | 'appointment' }) {
  const { t, i18n } = useTranslation(['sales', 'customer']);
  const user = useAppState('user');
  const desks = use(useService(SalesDeskLoader).load());
  const desk = desks.order;
  /** The receipt or refund whose customer link and WhatsApp are shown (below the payments). */
  const [linking, setLinking] = useState<Receipt | null>(null);
  const receiptLinks = desks.links.offers(user, 'receipt').links;
  const { order, options } = screen;
  const invoice = screen.order ? screen : null;
  /** Made from an appointment's invoice tab: the new invoice is linked to that appointment. */
  const forAppointment = screen.order ? null : screen.appointmentId;
  const offers = desk.offers(user, order);
  const start = orderStart(screen);
  const [form, setForm] = useState(start);
  /** A new invoice's due date follows its date (by the payment terms) until the user sets it. */
  const [dueSetByUser, setDueSetByUser] = useState(order !== null);
  const drafts = useService(DraftService);
  const [dialog, setDialog] = useState<OrderDialog | null>(() => desk.keptDialog(order, drafts));
  const [printing, setPrinting] = useState<null | { kind: 'invoice' } | { kind: 'receipt'; receipt: Receipt }>(null);
  const staleSave = useStaleSave();
  // The use-case reads the form and saves; a failure is said above the form (and by the fields it
  // names), a stale save offers the latest version.
  const save = useSubmit((typed: OrderForm) => desk.submit(order, typed, forAppointment), { always: true, staleSave });
  const { busy, errors } = save;
  const { canEdit } = offers;
  const dirty = canEdit && comparableForm(form) !== comparableForm(start);
  useUnsavedChanges(dirty);
  const draft = useFormDraft(order ? `order:${order.id}:${order.version}` : 'order:new', form, dirty, start);
  const set = (change: Partial<OrderForm>) => setForm((f) => changeOrderForm(f, change, screen, dueSetByUser));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canEdit) void save.submit(form);
  };

  return (
    <div className="stack">
      {order && (
        <>
          <p className="document-heading">
            <strong>{order.number}</strong> <StatusBadge kind="order" status={order.status} overdue={order.overdue} /> <span className="hint">{t(`orderType.${order.type}`)}</span>
          </p>
          <TabLinks label={t('tabs.label')} tabs={['invoice', 'appointment']} current={tab} href={(key) => `/orders/order/${key}/${order.id}`} words={(key) => t(`tabs.${key}`)} />
        </>
      )}
      <FormAlert message={save.message} />
      <DraftBanner draft={draft} onRestore={(kept) => setForm({ ...kept, lines: rekeyLines(kept.lines) })} />
      <StaleSaveOffer staleSave={staleSave} label={t('reloadLatest')} />
      {tab === 'appointment' && order ? (
        <OrderAppointments order={order} rows={invoice?.appointments ?? []} />
      ) : (
        <>
          {order?.voided && (
            <p className="banner banner-warning">
              {t('order.voidedNotice', { reason: order.voidReason, by: order.voidedBy ?? '' })}
            </p>
          )}
          <form className="card document-card" noValidate onSubmit={onSubmit} aria-busy={busy}>
            {forAppointment !== null && (
              <p className="hint">
                {t('order.forAppointment')} <Link href={`/calendar/appointment/${forAppointment}`}>{t('order.theAppointment')}</Link>
              </p>
            )}
            {order?.quotation && (
              <p className="hint">
                {t('order.fromQuotation')}{' '}
                <Link href={`/quotations/basic/${order.quotation.id}`}>{order.quotation.number}</Link>
              </p>
            )}
            <DocumentFields form={form} options={options} errors={errors} readOnly={!canEdit} set={set}>
              <SelectField label={t('field.type')} value={form.type} options={ORDER_TYPES.map((k) => ({ value: k, label: t(`orderType.${k}`) }))} onChange={(e) => set({ type: e.target.value as OrderType })} errors={errors.type} disabled={!canEdit} />
              <TextField
                label={t('field.dueDate')}
                type="date"
                value={form.dueDate}
                onChange={(e) => {
                  setDueSetByUser(true);
                  set({ dueDate: e.target.value });
                }}
                errors={errors.dueDate}
                readOnly={!canEdit}
              />
            </DocumentFields>
            <div className="form-actions">
              {canEdit && (
                <button type="submit" className="button button-primary" disabled={busy}>
                  {order ? t('save') : t('order.create')}
                </button>
              )}
              {order && (
                <button type="button" className="button button-secondary" onClick={() => setPrinting({ kind: 'invoice' })}>
                  {t('print.open')}
                </button>
              )}
              {order && offers.voiding && (
                <button type="button" className={order.voided ? 'button button-secondary' : 'button button-danger'} onClick={() => setDialog(order.voided ? 'unvoid' : 'void')}>
                  {t(order.voided ? 'order.unvoid' : 'order.void')}
                </button>
              )}
            </div>
          </form>
          {order && (
            <section className="card" aria-labelledby="payments-title">
              <h2 id="payments-title">{t('payments.title')}</h2>
              <dl className="figures">
                <dt>{t('field.total')}</dt>
                <dd>{formatHKD(countedTotal(order.total, order.voided), i18n.language)}</dd>
                <dt>{t('field.paid')}</dt>
                <dd>{formatHKD(order.paid, i18n.language)}</dd>
                <dt>{t('field.outstanding')}</dt>
                <dd className="figure-total">{formatHKD(order.outstanding, i18n.language)}</dd>
              </dl>
              {order.receipts.length === 0 ? (
                <p>{t('payments.none')}</p>
              ) : (
                <DataTable
                  caption={t('payments.title')}
                  columns={[
                    { label: t('field.number'), cell: (r) => r.number },
                    { label: t('field.date'), cell: (r) => r.date },
                    { label: t('field.receiptKind'), cell: (r) => t(`receiptKind.${r.kind}`) },
                    { label: t('field.method'), cell: (r) => methodWords(r, t, i18n.language) },
                    { label: t('field.reference'), cell: (r) => r.reference || r.reason || '—' },
                    { label: t('field.amount'), className: 'number', cell: (r) => formatHKD(signedAmount(r), i18n.language) },
                    {
                      label: t('actions'),
                      labelHidden: true,
                      cell: (r) => (
                        <span className="inline-actions">
                          <button type="button" className="button button-secondary" onClick={() => setPrinting({ kind: 'receipt', receipt: r })} aria-label={t('print.openNamed', { number: r.number })}>
                            {t('print.open')}
                          </button>
                          {receiptLinks && (
                            <button type="button" className="button button-secondary" aria-pressed={linking?.id === r.id} onClick={() => setLinking(linking?.id === r.id ? null : r)} aria-label={t('customer:link.forNamed', { number: r.number })}>
                              {t('customer:link.open')}
                            </button>
                          )}
                        </span>
                      ),
                    },
                  ]}
                  rows={order.receipts}
                  rowKey={(r) => r.id}
                />
              )}
              {linking && (
                <section className="stack" aria-label={t('customer:link.forNamed', { number: linking.number })}>
                  <h3>{t('customer:heading', { kind: t(`customer:kind.${linking.kind}`), number: linking.number })}</h3>
                  <CustomerLinkPanel
                    key={linking.id}
                    document={{ kind: linking.kind, id: linking.id, number: linking.number, phones: order.client?.contact?.phones ?? [], companyZh: order.letterhead?.nameZh ?? '', companyEn: order.letterhead?.nameEn ?? '' }}
                  />
                </section>
              )}
              {(offers.receipt || offers.refund) && (
                <div className="inline-actions">
                  {offers.receipt && (
                    <button type="button" className="button button-primary" onClick={() => setDialog('receipt')}>
                      {t('payments.record')}
                    </button>
                  )}
                  {offers.refund && (
                    <button type="button" className="button button-secondary" onClick={() => setDialog('refund')}>
                      {t('payments.refund')}
                    </button>
                  )}
                </div>
              )}
            </section>
          )}
          {order && (
            <section aria-labelledby="files-title" className="stack">
              <h2 id="files-title">{t('order.files')}</h2>
              <AttachmentsPanel owner={{ kind: 'order', id: order.id }} initial={invoice?.attachments ?? []} canEdit={offers.files} />
            </section>
          )}
        </>
      )}
      {order && (dialog === 'receipt' || dialog === 'refund') && (
        <PaymentDialog
          order={order}
          kind={dialog}
          methods={invoice?.options.paymentMethods ?? []}
          reasons={invoice?.options.refundReasons ?? []}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
      {order && (dialog === 'void' || dialog === 'unvoid') && (
        <VoidDialog
          order={order}
          action={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
      {order && (
        <CustomerLinkPanel
          document={{ kind: 'invoice', id: order.id, number: order.number, phones: order.client?.contact?.phones ?? [], companyZh: order.letterhead?.nameZh ?? '', companyEn: order.letterhead?.nameEn ?? '' }}
        />
      )}
      {order && <DocumentEmail document="invoice" id={order.id} number={order.number} />}
      {order && printing?.kind === 'invoice' && <PrintPreview doc={invoiceDocument(order, desk.payment(order))} pdf={{ kind: 'invoice', id: order.id }} onClose={() => setPrinting(null)} />}
      {order && printing?.kind === 'receipt' && <PrintPreview doc={receiptDocument(printing.receipt, order, invoice?.options.refundReasons ?? [])} pdf={{ kind: 'receipt', id: printing.receipt.id }} onClose={() => setPrinting(null)} />}
    </div>
  );
}

/** The appointments of the invoice (linked from an appointment's invoice tab, or made from one). */
function OrderAppointments({ order, rows }: { order: Order; rows: readonly ClientAppointment[] }) {
  const { t } = useTranslation('sales');
  return (
    <section className="card stack" aria-labelledby="appointments-title">
      <h2 id="appointments-title">{t('order.appointments', { number: order.number })}</h2>
      <ClientAppointmentsPanel clientId={order.clientId} items={rows} empty={t('order.noAppointments')} />
    </section>
  );
}

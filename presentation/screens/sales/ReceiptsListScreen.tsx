import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { decodeReceiptRows, decodeSalesOptions } from '../../../application/sales/sales';
import { ReceiptBook } from '../../../application/ports/ReceiptBook';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { ExportLink } from '../../components/ExportLink';
import { FormAlert } from '../../components/FormAlert';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { SortableHeader } from '../../components/SortableHeader';
import { TextField } from '../../components/TextField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { useAppState } from '../../hooks/useAppState';
import { useQueryForm } from '../../hooks/useQueryForm';
import { useService } from '../../services/ServicesContext';
import { methodChoices, methodWords } from './paymentMethods';
import { useProblem } from './useProblem';

const FILTERS = ['q', 'kind', 'method', 'date_from', 'date_to', 'branch_id', 'staff_id'] as const;

/**
 * /orders/receipt (receipts and refunds) and /reminders/bank-in (cash and cheque receipts not yet
 * banked in, each with its "banked in" button): search, filters, sort, pages, the net sum and CSV.
 */
export default function ReceiptsListScreen({ data, route }: ScreenProps) {
  const { t, i18n } = useTranslation('sales');
  const user = useAppState('user');
  const state = useService(AppState);
  const receipts = useService(ReceiptBook);
  const problem = useProblem();
  const [busyId, setBusyId] = useState<number | null>(null);
  const bankIn = route.apiQuery?.action === 'bank-in';
  const items = decodeReceiptRows(data.props.items);
  const options = decodeSalesOptions(data.props.options);
  /** Every payment method, active or not (Settings → Options), to filter by. */
  const methods = options.paymentMethods;
  const staff = Array.isArray((data.props.options as { staff?: unknown } | undefined)?.staff) ? (data.props.options as { staff: { id: number; name: string }[] }).staff : [];
  const { path, search, params, values, set, apply, clear } = useQueryForm(FILTERS);
  const header = (column: string, label: string, className?: string) => <SortableHeader column={column} label={label} path={path} search={search} defaultSort="-date" {...(className ? { className } : {})} />;

  const markBanked = async (id: number) => {
    setBusyId(id);
    const result = await receipts.bankIn(id);
    setBusyId(null);
    if (result.isErr()) return void problem.show(result.error);
    state.set({ viewKey: state.get().viewKey + 1 });
    state.set({ notification: { title: 'sales:reminders.banked', type: 'success' } });
  };

  return (
    <div className="stack">
      {bankIn && <p className="hint">{t('reminders.bankInIntro')}</p>}
      <div className="toolbar">
        <form className="filters" role="search" onSubmit={apply}>
          <TextField label={t('list.search')} type="search" value={values.q} onChange={(e) => set('q', e.target.value)} placeholder={t('list.searchReceiptsHint')} />
          {!bankIn && <SelectField label={t('field.receiptKind')} value={values.kind} emptyLabel={t('list.all')} options={(['receipt', 'refund'] as const).map((k) => ({ value: k, label: t(`receiptKind.${k}`) }))} onChange={(e) => set('kind', e.target.value)} />}
          <SelectField label={t('field.method')} value={values.method} emptyLabel={t('list.all')} options={methodChoices(methods, t, i18n.language)} onChange={(e) => set('method', e.target.value)} />
          <TextField label={t('list.from')} type="date" value={values.date_from} onChange={(e) => set('date_from', e.target.value)} />
          <TextField label={t('list.to')} type="date" value={values.date_to} onChange={(e) => set('date_to', e.target.value)} />
          <SelectField label={t('field.branch')} value={values.branch_id} emptyLabel={t('list.all')} options={options.branches.map((b) => ({ value: String(b.id), label: bilingual(b, i18n.language) }))} onChange={(e) => set('branch_id', e.target.value)} />
          <SelectField label={t('field.staff')} value={values.staff_id} emptyLabel={t('list.all')} options={staff.map((s) => ({ value: String(s.id), label: s.name }))} onChange={(e) => set('staff_id', e.target.value)} />
          <button type="submit" className="button button-primary">
            {t('list.apply')}
          </button>
          <button type="button" className="button button-secondary" onClick={clear}>
            {t('list.clear')}
          </button>
        </form>
        <ExportLink api="/api/receipts" search={bankIn ? `${search ? `${search}&` : ''}action=bank-in` : search} />
      </div>
      <FormAlert message={problem.message} />
      <p className="list-total" role="status">
        {t('list.netTotal', { amount: formatHKD(Number(data.props.netAmount) || 0, i18n.language) })}
      </p>
      {items.length === 0 ? (
        <p className="notice">{params.size > 0 ? t('list.noMatch') : t(bankIn ? 'list.emptyBankIn' : 'list.emptyReceipts')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t(bankIn ? 'list.bankInCaption' : 'list.receiptsCaption')}</caption>
            <thead>
              <tr>
                {header('number', t('field.number'))}
                {header('date', t('field.date'))}
                <th scope="col">{t('field.receiptKind')}</th>
                <th scope="col">{t('field.invoice')}</th>
                {header('client', t('field.client'))}
                <th scope="col">{t('field.method')}</th>
                <th scope="col">{t('field.reference')}</th>
                {header('amount', t('field.amount'), 'number')}
                <th scope="col">{t('field.staff')}</th>
                {bankIn && (
                  <th scope="col">
                    <span className="visually-hidden">{t('actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td>{r.number}</td>
                  <td>{r.date}</td>
                  <td>{t(`receiptKind.${r.kind}`)}</td>
                  <td>
                    <Link href={`/orders/order/invoice/${r.order.id}`}>{r.order.number}</Link>
                  </td>
                  <td>{bilingual(r.client, i18n.language)}</td>
                  <td>{methodWords(r, t, i18n.language)}</td>
                  <td>{r.reference || '—'}</td>
                  <td className="number">{formatHKD(r.kind === 'refund' ? -r.amount : r.amount, i18n.language)}</td>
                  <td>{r.staff ?? '—'}</td>
                  {bankIn && (
                    <td>
                      {hasPermission(user, 'receipt_edit') && (
                        <button type="button" className="button button-secondary" disabled={busyId === r.id} onClick={() => void markBanked(r.id)} aria-label={t('reminders.markBankedNamed', { number: r.number })}>
                          {t('reminders.markBanked')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination path={path} search={search} page={Number(data.props.page) || 1} perPage={Number(data.props.perPage) || 20} total={Number(data.props.total) || 0} />
    </div>
  );
}

import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SalesDeskLoader } from '../../../application/sales/SalesDesks';
import type { OptionChoice, Order } from '../../../application/sales/sales';
import { DraftBanner } from '../../components/DraftBanner';
import { FormAlert } from '../../components/FormAlert';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { UsualReasonField } from '../../components/UsualReasonField';
import { formatHKD } from '../../format/money';
import { useFormDraft } from '../../hooks/useDraft';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { methodChoices } from './paymentMethods';

/**
 * Records a receipt (method, reference, date, amount up to what is still owed) or a refund (never
 * more than has been received, with a reason). The use-case checks the domain's rule first, with the
 * same words as the server's, which checks it again. The methods are the active payment methods of
 * Settings → Options; a refund offers the usual refund reasons there, and any other reason typed.
 */
export function PaymentDialog({
  order,
  kind,
  methods,
  reasons,
  onClose,
  onSaved,
}: {
  order: Order;
  kind: 'receipt' | 'refund';
  methods: readonly OptionChoice[];
  reasons: readonly OptionChoice[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('sales');
  const desk = use(useService(SalesDeskLoader).load()).order;
  const methodOptions = methodChoices(methods, t, i18n.language);
  const [start] = useState(() => desk.paymentStart(order, kind, methodOptions));
  const [form, setForm] = useState(start);
  const draft = useFormDraft(desk.dialogDraftKey(order, kind), form, JSON.stringify(form) !== JSON.stringify(start), start);
  const set = (change: Partial<typeof form>) => setForm((f) => ({ ...f, ...change }));
  const { busy, errors, message, submit } = useSubmit((typed: typeof form) => desk.pay(order, kind, typed).map(onSaved), { always: true });

  return (
    <FormDialog open title={t(kind === 'receipt' ? 'payments.recordTitle' : 'payments.refundTitle', { number: order.number })} submitLabel={t('payments.save')} cancelLabel={t('cancel')} busy={busy} onSubmit={() => void submit(form)} onClose={onClose}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      <p className="hint">
        {kind === 'receipt' ? t('payments.owed', { amount: formatHKD(order.outstanding, i18n.language) }) : t('payments.refundable', { amount: formatHKD(order.paid, i18n.language) })}
      </p>
      <TextField label={t('field.amountHkd')} inputMode="decimal" value={form.amount} onChange={(e) => set({ amount: e.target.value })} errors={errors.amount} required />
      <TextField label={t('field.date')} type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} errors={errors.date} required />
      <SelectField label={t('field.method')} value={form.method} options={methodOptions} onChange={(e) => set({ method: e.target.value })} errors={errors.method} />
      <TextField label={t('field.reference')} value={form.reference} maxLength={100} onChange={(e) => set({ reference: e.target.value })} errors={errors.reference} />
      {kind === 'refund' && <UsualReasonField label={t('payments.usualReason')} otherLabel={t('payments.otherReason')} reasons={reasons} text={form.reason} onText={(reason) => set({ reason })} />}
      {kind === 'refund' && <TextAreaField label={t('field.reason')} value={form.reason} maxLength={1000} onChange={(e) => set({ reason: e.target.value })} errors={errors.reason} required />}
    </FormDialog>
  );
}

/** Voids an order (only while nothing is paid on it) or restores it, with the reason for the audit log. */
export function VoidDialog({ order, action, onClose, onSaved }: { order: Order; action: 'void' | 'unvoid'; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('sales');
  const desk = use(useService(SalesDeskLoader).load()).order;
  const [{ reason }, setForm] = useState({ reason: '' });
  const setReason = (value: string) => setForm({ reason: value });
  const draft = useFormDraft(desk.dialogDraftKey(order, action), { reason }, reason !== '', { reason: '' });
  const { busy, errors, message, submit } = useSubmit((typed: string) => desk.setVoid(order, action, typed).map(onSaved), { always: true });

  return (
    <FormDialog open title={t(`order.${action}Title`, { number: order.number })} submitLabel={t(`order.${action}`)} cancelLabel={t(`order.${action}Back`)} busy={busy} tone={action === 'void' ? 'danger' : 'default'} onSubmit={() => void submit(reason)} onClose={onClose}>
      <FormAlert message={message} />
      <DraftBanner draft={draft} onRestore={setForm} />
      {action === 'void' && <p className="hint">{t('order.voidHint')}</p>}
      <TextAreaField label={t('field.reason')} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} errors={errors.reason} required />
    </FormDialog>
  );
}

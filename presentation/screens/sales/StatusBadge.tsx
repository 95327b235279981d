import { useTranslation } from 'react-i18next';

const TONE: Readonly<Record<string, string>> = {
  paid: 'badge-success',
  accepted: 'badge-success',
  partial: 'badge-warning',
  sent: 'badge-warning',
  outstanding: 'badge-danger',
  expired: 'badge-danger',
  rejected: 'badge-danger',
  void: 'badge-danger',
};

/** A document's status as a coloured label; the colour is never the only sign (the word is shown). */
export function StatusBadge({ kind, status, overdue = false }: { kind: 'quotation' | 'order'; status: string; overdue?: boolean }) {
  const { t } = useTranslation('sales');
  return (
    <>
      <span className={`badge ${TONE[status] ?? ''}`}>{t(`${kind === 'quotation' ? 'quotationStatus' : 'paymentStatus'}.${status}`)}</span>
      {overdue && <span className="badge badge-danger">{t('paymentStatus.overdue')}</span>}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { screenValue } from '../../../application/navigation/screenData';
import type { ReminderKind, ReminderState, SentReminder } from '../../../application/ports/CustomerReminders';
import { visitWindow } from '../../../application/reminders/reminders';
import type { ScreenProps } from '../../app/ScreenProps';
import { ListView } from '../../components/ListView';
import { bilingual } from '../../format/bilingual';
import { formatDateTime } from '../../format/dateTime';
import { failureText } from '../../format/mailFailure';
import { formatHKD } from '../../format/money';

const KINDS: readonly ReminderKind[] = ['dayBefore', 'overdue'];
const STATES: readonly ReminderState[] = ['queued', 'sent', 'failed', 'skipped'];

/** /settings/reminders/log: each reminder to a customer, newest first: when, to whom, about what, and whether it was sent, failed or skipped (and why). */
export default function ReminderLogScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation(['reminders', 'mail']);
  const list = screenValue(data, 'reminderLog');
  const language = i18n.language;

  const subject = (r: SentReminder) => {
    if (r.kind === 'overdue') return r.invoices.map((i) => `${i.number} (${formatHKD(i.outstanding, language)})`).join(', ') || '—';
    const visit = visitWindow(r);
    if (!visit) return '—';
    return visit.from && visit.to ? t('log.visitAt', { date: visit.date, from: visit.from, to: visit.to }) : t('log.visitAllDay', { date: visit.date });
  };
  const reason = (r: SentReminder) => (r.reason ? (r.state === 'skipped' ? t(`reasons.${r.reason}`, { defaultValue: r.reason }) : failureText(t, r.reason)) : '—');

  return (
    <ListView
      intro={
        <>
          <p>{t('log.intro')}</p>
          <p>
            <Link href="/settings/reminders">{t('log.settingsLink')}</Link>
          </p>
        </>
      }
      filters={[
        { key: 'kind', type: 'select', label: t('log.kind'), emptyLabel: t('log.all'), options: KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })), applyOnChange: true },
        { key: 'state', type: 'select', label: t('log.state'), emptyLabel: t('log.all'), options: STATES.map((s) => ({ value: s, label: t(`states.${s}`) })), applyOnChange: true },
      ]}
      words={{ apply: t('log.filter'), caption: t('log.caption'), empty: t('log.empty'), noMatch: t('log.noMatch') }}
      columns={[
        { label: t('log.when'), cell: (r) => formatDateTime(r.sentAt ?? r.createdAt, language) },
        { label: t('log.client'), cell: (r) => <Link href={`/clients/basic/${r.client.id}`}>{`${r.client.code} ${bilingual(r.client, language)}`}</Link> },
        { label: t('log.kind'), cell: (r) => `${t(`kinds.${r.kind}`)}${r.manual ? ` (${t('log.manual')})` : ''}` },
        { label: t('log.subject'), cell: subject },
        { label: t('log.address'), cell: (r) => r.address || '—' },
        { label: t('log.recipient'), cell: (r) => r.recipient || '—' },
        { label: t('log.state'), cell: (r) => t(`states.${r.state}`) },
        { label: t('log.reason'), cell: reason },
      ]}
      rows={list.items}
      rowKey={(r) => r.id}
      paging={list}
    />
  );
}

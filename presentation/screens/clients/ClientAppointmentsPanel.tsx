import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ClientAppointment } from '../../../application/appointments/appointment';
import { calendarOffers } from '../../../application/appointments/calendar';
import { CreateLink } from '../../components/CreateLink';
import { DataTable } from '../../components/DataTable';
import { useAppState } from '../../hooks/useAppState';

/**
 * The client's appointment tab (and an invoice's): the appointments (next visit, or the last one, with
 * that visit's status), each linking to its page, and a button to book one for the client. `empty` replaces the words
 * shown when there is none.
 */
export function ClientAppointmentsPanel({ clientId, items, empty }: { clientId: number; items: readonly ClientAppointment[] | null; empty?: string }) {
  const { t } = useTranslation('calendar');
  const offers = calendarOffers(useAppState('user'));
  if (items === null) return <p className="notice">{t('client.noPermission')}</p>;
  return (
    <div className="stack">
      <CreateLink offered={offers.create} href={`/calendar/appointment/create?client_id=${clientId}`}>
        {t('client.new')}
      </CreateLink>
      <DataTable
        caption={t('client.caption')}
        empty={empty ?? t('client.none')}
        columns={[
          {
            label: t('client.visit'),
            cell: (a) => (
              <>
                <Link href={`/calendar/appointment/${a.id}?date=${a.date}`}>
                  {a.date} {a.allDay ? t('allDay') : a.startTime}
                </Link>{' '}
                <span className="hint">{a.upcoming ? t('client.next') : t('client.last')}</span>
              </>
            ),
          },
          { label: t('client.status'), cell: (a) => <span className="badge">{t(`status.${a.shownStatus}`)}</span> },
          { label: t('client.repeat'), cell: (a) => t(`freq.${a.recurrence}`) },
          { label: t('field.address'), cell: (a) => a.address },
          { label: t('field.workers'), cell: (a) => a.workers.join('、') },
        ]}
        rows={items}
        rowKey={(a) => a.id}
      />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import type { ClientAppointment } from '../../../application/appointments/appointment';
import { useAppState } from '../../hooks/useAppState';

/**
 * The client's appointment tab (and an invoice's): the appointments (next visit, or the last one, with
 * that visit's status), each linking to its page, and a button to book one for the client. `empty` replaces the words
 * shown when there is none.
 */
export function ClientAppointmentsPanel({ clientId, items, empty }: { clientId: number; items: readonly ClientAppointment[] | null; empty?: string }) {
  const { t } = useTranslation('calendar');
  const user = useAppState('user');
  if (items === null) return <p className="notice">{t('client.noPermission')}</p>;
  return (
    <div className="stack">
      {hasPermission(user, 'appointment_create') && (
        <p>
          <Link href={`/calendar/appointment/create?client_id=${clientId}`} className="button button-primary">
            {t('client.new')}
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <p className="notice">{empty ?? t('client.none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('client.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('client.visit')}</th>
                <th scope="col">{t('client.status')}</th>
                <th scope="col">{t('client.repeat')}</th>
                <th scope="col">{t('field.address')}</th>
                <th scope="col">{t('field.workers')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Link href={`/calendar/appointment/${a.id}?date=${a.date}`}>
                      {a.date} {a.allDay ? t('allDay') : a.startTime}
                    </Link>{' '}
                    <span className="hint">{a.upcoming ? t('client.next') : t('client.last')}</span>
                  </td>
                  <td>
                    <span className="badge">{t(`status.${a.shownStatus}`)}</span>
                  </td>
                  <td>{t(`freq.${a.recurrence}`)}</td>
                  <td>{a.address}</td>
                  <td>{a.workers.join('、')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

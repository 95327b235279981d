import { useTranslation } from 'react-i18next';
import type { Overlap } from '../../../application/appointments/appointment';
import { bilingual } from '../../format/bilingual';

const time = (iso: string) => iso.slice(11, 16);

/** Double-booking: a worker already has a visit at that time (a warning; saving is still allowed). */
export function OverlapWarning({ overlaps }: { overlaps: readonly Overlap[] }) {
  const { t, i18n } = useTranslation('calendar');
  if (overlaps.length === 0) return null;
  return (
    <div className="banner banner-warning overlap-warning" role="status">
      <strong>{t('overlap.title')}</strong>
      <ul>
        {overlaps.map((o) => (
          <li key={`${o.workerId}-${o.appointmentId}-${o.date}`}>
            {t('overlap.item', {
              worker: o.workerName,
              date: o.date,
              time: o.allDay ? t('allDay') : `${time(o.start)}–${time(o.end)}`,
              client: o.client ? bilingual(o.client, i18n.language) : t('overlap.hidden'),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

import './calendar.css';
import { useTranslation } from 'react-i18next';
import { decodeClientChoice, decodeOptions } from '../../../application/appointments/appointment';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';
import { AppointmentForm } from './AppointmentForm';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** /calendar/appointment/create (data /api/appointments/create): a new appointment; its page opens on saving. */
export default function AppointmentCreateScreen({ data }: ScreenProps) {
  const { t } = useTranslation('calendar');
  const state = useService(AppState);
  const navigation = useService(NavigationService);
  const user = useAppState('user');
  const options = decodeOptions(data.props.options);
  const defaults = isRecord(data.props.defaults) ? data.props.defaults : {};
  const date = typeof defaults.date === 'string' ? defaults.date : '';
  const ownId = user && options.workers.some((w) => w.id === user.id) && !options.seesAll ? [user.id] : [];
  return (
    <>
      <p className="hint">{t('createIntro')}</p>
      <AppointmentForm
        options={options}
        appointment={null}
        date={date}
        defaults={{ branchId: typeof defaults.branchId === 'number' ? defaults.branchId : null, client: decodeClientChoice(defaults.client), workerIds: ownId }}
        readOnly={false}
        onSaved={(saved) => {
          state.set({ unsavedChanges: false });
          // The notification after the navigation, which clears notifications (spec §2).
          void navigation.navigate(`/calendar/appointment/${saved.id}?date=${saved.date}`, { replace: true }).then(() =>
            state.set({ notification: saved.overlaps.length > 0 ? { title: 'calendar:createdOverlap', type: 'warning' } : { title: 'calendar:created', type: 'success' } }),
          );
        }}
      />
    </>
  );
}

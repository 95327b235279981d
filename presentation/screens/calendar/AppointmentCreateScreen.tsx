import './calendar.css';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentFlowLoader } from '../../../application/appointments/AppointmentFlowLoader';
import { newAppointmentWorkers } from '../../../application/appointments/appointmentForm';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';
import { AppointmentForm } from './AppointmentForm';

/** /calendar/appointment/create (data /api/appointments/create): a new appointment; its page opens on saving. */
export default function AppointmentCreateScreen({ data }: ScreenProps) {
  const { t } = useTranslation('calendar');
  const flow = use(useService(AppointmentFlowLoader).load());
  const user = useAppState('user');
  const { options, defaults } = screenValue(data, 'appointmentCreate');
  return (
    <>
      <p className="hint">{t('createIntro')}</p>
      <AppointmentForm
        options={options}
        appointment={null}
        date={defaults.date}
        defaults={{ branchId: defaults.branchId, client: defaults.client, workerIds: newAppointmentWorkers(user, options) }}
        readOnly={false}
        onSaved={(saved) => void flow.created(saved)}
      />
    </>
  );
}

import { lazy, useState, type ReactNode } from 'react';
import type { AppointmentScreenData } from '../../../application/appointments/appointment';
import { isFieldWorker } from '../../../application/field/visitView';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ScreenError } from '../../components/ScreenError';
import { useAppState } from '../../hooks/useAppState';
import { usePhone } from '../../hooks/usePhone';
import type { Tab } from './AppointmentTabs';

// The office's tabs and the worker's screens each load only when shown: a worker's phone does not
// fetch the office's form first (Lighthouse mobile on the visit), nor the office the worker's.
const AppointmentTabs = lazy(() => import('./AppointmentTabs'));

/**
 * One appointment, at one of its visits, in tabs (spec §2): the appointment (/calendar/appointment/{id}),
 * its invoice (/calendar/invoice/{id}) and the visit's completed report (/calendar/completed-report/{id}).
 * The visit is the address's ?date= (the next visit when none is given).
 */
export default function AppointmentScreen({ data, route }: ScreenProps) {
  const screen = screenValue(data, 'appointment');
  if (!screen) return <ScreenError error={{ code: 'notFound', message: '' }} />;
  const { appointment, occurrence: visit } = screen;
  const tab: Tab = route.apiQuery?.tab === 'report' ? 'report' : route.apiQuery?.tab === 'invoice' ? 'invoice' : 'appointment';
  const key = `${appointment.id}:${visit.date}:${appointment.version}`;
  return <FieldOrOffice key={key} tab={tab} data={screen} office={<AppointmentTabs key={key} appointment={appointment} visit={visit} tab={tab} data={screen} />} />;
}

// The worker's screens load only for a worker on a phone, not with the office's.
const WorkerVisit = lazy(() => import('../field/WorkerVisit').then((m) => ({ default: m.WorkerVisit })));
const CompletionForm = lazy(() => import('../field/CompletionForm').then((m) => ({ default: m.CompletionForm })));

/**
 * For a worker on a phone (issue 22): the visit as they need it at the door instead of the office's
 * form, and on the report tab the completion form while the visit can be completed (its finished
 * report shows as for the office). The office's tabs stay a tap away; everyone else gets them.
 */
function FieldOrOffice({ tab, data, office }: { tab: Tab; data: AppointmentScreenData; office: ReactNode }) {
  const phone = usePhone();
  const worker = isFieldWorker(useAppState('user'));
  const [officeView, setOfficeView] = useState(false);
  if (!phone || !worker || officeView) return office;
  const showOffice = () => setOfficeView(true);
  if (tab === 'appointment') return <WorkerVisit data={data} onOfficeView={showOffice} />;
  if (tab === 'report' && data.report?.editable && data.occurrence.transitions.includes('ended')) return <CompletionForm data={data} onOfficeView={showOffice} />;
  return office;
}


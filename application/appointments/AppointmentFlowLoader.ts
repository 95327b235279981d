import type { NavigationService } from '../navigation/NavigationService';
import type { AppState } from '../state/AppState';
import type { AppointmentFlow } from './AppointmentFlow';
import type { AppointmentBook } from '../ports/AppointmentBook';
import type { AppointmentService } from './AppointmentService';
import type { VisitDesk } from './VisitDesk';

/**
 * Makes the appointments' save → notify → navigate use-case (and the appointment screen's actions)
 * on the first calendar screen: it (and the calendar's message keys it names) comes with that
 * screen, not with every page's first download (the composition root, the /login budget). As
 * SalesDeskLoader does for sales. The AppointmentService too: its code is not in the first download.
 */
export class AppointmentFlowLoader {
  private flow: Promise<AppointmentFlow> | null = null;
  private visits: Promise<VisitDesk> | null = null;
  private service: Promise<AppointmentService> | null = null;

  constructor(
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly book: AppointmentBook,
  ) {}

  /** The calendar's and the appointment form's service (its range cache is one for the page); the same promise every time. */
  loadService(): Promise<AppointmentService> {
    this.service ??= import('./AppointmentService').then((m) => new m.AppointmentService(this.book));
    return this.service;
  }

  /** The same promise every time (React's `use`). */
  load(): Promise<AppointmentFlow> {
    this.flow ??= import('./AppointmentFlow').then((m) => new m.AppointmentFlow(this.state, this.navigation));
    return this.flow;
  }

  /** The appointment screen's actions; the same promise every time. */
  loadVisits(): Promise<VisitDesk> {
    this.visits ??= Promise.all([this.load(), this.loadService(), import('./VisitDesk')]).then(([flow, service, m]) => new m.VisitDesk(service, flow));
    return this.visits;
  }
}

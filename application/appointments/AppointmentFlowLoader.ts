import type { NavigationService } from '../navigation/NavigationService';
import type { AppState } from '../state/AppState';
import type { AppointmentFlow } from './AppointmentFlow';
import type { AppointmentService } from './AppointmentService';
import type { VisitDesk } from './VisitDesk';

/**
 * Makes the appointments' save → notify → navigate use-case (and the appointment screen's actions)
 * on the first calendar screen: it (and the calendar's message keys it names) comes with that
 * screen, not with every page's first download (the composition root, the /login budget). As
 * SalesDeskLoader does for sales.
 */
export class AppointmentFlowLoader {
  private flow: Promise<AppointmentFlow> | null = null;
  private visits: Promise<VisitDesk> | null = null;

  constructor(
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly service: AppointmentService,
  ) {}

  /** The same promise every time (React's `use`). */
  load(): Promise<AppointmentFlow> {
    this.flow ??= import('./AppointmentFlow').then((m) => new m.AppointmentFlow(this.state, this.navigation));
    return this.flow;
  }

  /** The appointment screen's actions; the same promise every time. */
  loadVisits(): Promise<VisitDesk> {
    this.visits ??= Promise.all([this.load(), import('./VisitDesk')]).then(([flow, m]) => new m.VisitDesk(this.service, flow));
    return this.visits;
  }
}

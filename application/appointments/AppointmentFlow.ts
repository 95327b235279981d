import type { NavigationService } from '../navigation/NavigationService';
import type { AppState } from '../state/AppState';
import type { Saved } from './appointment';

/** Where an appointment's visit is shown. */
export const visitPath = (saved: Pick<Saved, 'id' | 'date'>) => `/calendar/appointment/${saved.id}?date=${saved.date}`;

/**
 * What follows a change of an appointment (save → notify → navigate): the saved visit's page in
 * place of the form, the calendar after a deletion, and the notification — after the navigation,
 * which clears notifications (spec §2). Double-booking saves with a warning instead of a success.
 */
export class AppointmentFlow {
  constructor(
    private readonly state: AppState,
    private readonly navigation: NavigationService,
  ) {}

  /** A new appointment was saved: its page opens. */
  async created(saved: Saved): Promise<void> {
    this.state.set({ unsavedChanges: false });
    await this.navigation.navigate(visitPath(saved), { replace: true });
    this.notify(saved.overlaps.length > 0 ? 'calendar:createdOverlap' : 'calendar:created', saved.overlaps.length > 0 ? 'warning' : 'success');
  }

  /** An edit was saved: the (possibly moved) visit's page shows again with the new version. */
  async edited(saved: Saved): Promise<void> {
    this.state.set({ unsavedChanges: false });
    await this.navigation.navigate(visitPath(saved), { replace: true });
    this.state.set({ viewKey: this.state.get().viewKey + 1 });
    this.notify(saved.overlaps.length > 0 ? 'calendar:savedOverlap' : 'calendar:saved', saved.overlaps.length > 0 ? 'warning' : 'success');
  }

  /** The appointment (or some of its visits) was deleted: back to the calendar. */
  async deleted(): Promise<void> {
    this.state.set({ unsavedChanges: false });
    await this.navigation.navigate('/calendar', { replace: true });
    this.notify('calendar:deleted');
  }

  /** A visit's status changed. */
  statusChanged(): void {
    this.notify('calendar:statusChanged');
  }

  /** An order was linked to the appointment (or unlinked with null): the screen loads again (the appointment's new version). */
  orderLinked(orderId: number | null): void {
    this.state.set({ unsavedChanges: false, viewKey: this.state.get().viewKey + 1 });
    this.notify(orderId === null ? 'calendar:invoice.unlinked' : 'calendar:invoice.linked');
  }

  /** The calendar shows another range (kept so it opens there again). */
  shown(calendar: { readonly start: string; readonly end: string; readonly date: string }): void {
    this.state.set({ calendar });
  }

  private notify(title: string, type: 'success' | 'warning' = 'success'): void {
    this.state.set({ notification: { title, type } });
  }
}

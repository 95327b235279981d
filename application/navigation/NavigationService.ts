import { distinctUntilChanged, map, pairwise, startWith, type Subscription } from 'rxjs';
import type { AppLocation, Navigator } from '../ports/Navigator';
import type { AppState } from '../state/AppState';
import type { ConfirmationService } from './ConfirmationService';

/**
 * In-app navigation with the spec's rules (§2): leaving with unsaved changes asks first (links, back
 * and forward, closing the tab) and confirming clears the flag; a change of path resets the selected
 * tab; every navigation clears the notification title.
 */
export class NavigationService {
  constructor(
    private readonly navigator: Navigator,
    private readonly state: AppState,
    private readonly confirmation: ConfirmationService,
  ) {}

  /** Starts applying the rules; returns what stops them. */
  start(): Subscription {
    const subscription = this.navigator.location$
      .pipe(startWith(this.navigator.current()), pairwise())
      .subscribe(([before, after]) => this.afterNavigation(before, after));
    subscription.add(
      this.state
        .select('unsavedChanges')
        .pipe(
          map((unsaved) => (unsaved ? (to: AppLocation) => this.confirmLeave(to) : null)),
          distinctUntilChanged((a, b) => (a === null) === (b === null)),
        )
        .subscribe((guard) => this.navigator.setLeaveGuard(guard)),
    );
    subscription.add(() => this.navigator.setLeaveGuard(null));
    return subscription;
  }

  /** Goes to `url` unless the user has unsaved changes and decides to stay. Resolves to whether it went. */
  async navigate(url: string, options: { replace?: boolean } = {}): Promise<boolean> {
    const [path = '/', query = ''] = url.split('?');
    if (!(await this.confirmLeave({ path, search: query ? `?${query}` : '' }))) return false;
    if (options.replace) this.navigator.replace(url);
    else this.navigator.push(url);
    return true;
  }

  private async confirmLeave(to: AppLocation): Promise<boolean> {
    if (!this.state.get().unsavedChanges) return true;
    const here = this.navigator.current();
    if (to.path === here.path && to.search === here.search) return true;
    const confirmed = await this.confirmation.ask({ kind: 'unsavedChanges' });
    if (confirmed) this.state.set({ unsavedChanges: false });
    return confirmed;
  }

  private afterNavigation(before: AppLocation, after: AppLocation): void {
    const { notification } = this.state.get();
    if (notification.title !== '') this.state.set({ notification: { ...notification, title: '' } });
    if (before.path !== after.path) this.state.set({ selectedTab: 0 });
  }
}

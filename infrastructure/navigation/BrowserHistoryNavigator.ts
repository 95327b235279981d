import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { toUrl, type AppLocation, type LeaveGuard, type Navigator } from '../../application/ports/Navigator';

type HistoryWindow = Pick<Window, 'location' | 'history' | 'addEventListener'>;

/**
 * Navigator over the History API: push/replace change the address bar, back/forward are followed.
 * With a leave guard set, back/forward first restore the address the user is leaving, ask the guard,
 * and go only when it agrees; closing or reloading the tab gets the browser's own "leave site?"
 * prompt.
 *
 * In `hash` mode the app's address lives after the # (…/index.html#/clients?q=1), so a static build
 * opens at any address from any file host.
 */
export class BrowserHistoryNavigator implements Navigator {
  private readonly subject: BehaviorSubject<AppLocation>;
  private guard: LeaveGuard | null = null;
  readonly location$: Observable<AppLocation>;

  constructor(
    private readonly win: HistoryWindow,
    private readonly mode: 'path' | 'hash' = 'path',
  ) {
    this.subject = new BehaviorSubject(this.read());
    this.location$ = this.subject.pipe(distinctUntilChanged((a, b) => a.path === b.path && a.search === b.search));
    win.addEventListener('popstate', () => void this.onPopState());
    // A hand-edited hash (hash mode) is a navigation too.
    if (mode === 'hash') win.addEventListener('hashchange', () => void this.onPopState());
    win.addEventListener('beforeunload', (event) => {
      if (!this.guard) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    });
  }

  current(): AppLocation {
    return this.subject.getValue();
  }

  push(url: string): void {
    this.win.history.pushState(null, '', this.href(url));
    this.subject.next(this.read());
  }

  replace(url: string): void {
    this.win.history.replaceState(null, '', this.href(url));
    this.subject.next(this.read());
  }

  href(url: string): string {
    return this.mode === 'hash' ? `#${url}` : url;
  }

  setLeaveGuard(guard: LeaveGuard | null): void {
    this.guard = guard;
  }

  private async onPopState(): Promise<void> {
    const target = this.read();
    const guard = this.guard;
    if (!guard) {
      this.subject.next(target);
      return;
    }
    // Put back the address being left while the user decides.
    this.win.history.pushState(null, '', this.href(toUrl(this.current())));
    if (await guard(target)) this.replace(toUrl(target));
  }

  private read(): AppLocation {
    if (this.mode === 'path') return { path: this.win.location.pathname, search: this.win.location.search };
    const address = this.win.location.hash.replace(/^#/, '') || '/';
    const query = address.indexOf('?');
    return query < 0 ? { path: address, search: '' } : { path: address.slice(0, query), search: address.slice(query) };
  }
}

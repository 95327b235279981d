import { combineLatest, concat, defer, distinctUntilChanged, map, merge, of, shareReplay, switchMap, takeWhile, tap, type Observable } from 'rxjs';
import type { User } from '../../domain/auth/user';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { Clock } from '../ports/Clock';
import type { Navigator } from '../ports/Navigator';
import { NO_SCREEN_DATA_DECODERS, type ScreenDataDecoders } from '../ports/ScreenDataDecoders';
import type { CurrentUser } from '../session/CurrentUser';
import type { AppState } from '../state/AppState';
import type { ErrorPagePath, ErrorsShownHere } from './ErrorsShownHere';
import { decideRoute, type RouteMatch } from './match';
import { ROUTES, type RouteDef } from './routes';
import { apiPathFor, apiQueryFor, completedSearch, NO_SCREEN_DATA, toScreenData, type ScreenData } from './screenData';

/** What the app shows at the current address. */
export type RouteView =
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'notFound' }
  /** An error page shown at this address (to a visitor who is not signed in: ErrorsShownHere). */
  | { readonly kind: 'errorPage'; readonly path: ErrorPagePath }
  | { readonly kind: 'loading'; readonly match: RouteMatch }
  | { readonly kind: 'ready'; readonly match: RouteMatch; readonly data: ScreenData }
  | { readonly kind: 'failed'; readonly match: RouteMatch; readonly error: ApiError };

/** Who the user is, as far as routing cares: a change of name or language does not reload the screen. */
const accessKey = (user: User | null): string =>
  user ? `${user.id}|${user.isAdmin}|${user.role?.permissions.join(',') ?? ''}|${user.mustSetUpTwoFactor === true}|${user.mustChangePassword === true}` : '';

/**
 * Turns the address and the signed-in user into the screen to show: guards and redirects first, then
 * the screen's data (GET of its API path with the route's query, spec §2) while `loaded` is false and a
 * Loading message shows. A newer navigation cancels the load of an older one. Bumping `viewKey`
 * reloads the current screen. An error page the error policy shows here (ErrorsShownHere) stands
 * until the next navigation.
 */
export class RouteController {
  readonly view$: Observable<RouteView>;

  constructor(
    private readonly navigator: Navigator,
    private readonly currentUser: CurrentUser,
    private readonly state: AppState,
    private readonly api: ApiClient,
    private readonly clock: Clock,
    private readonly shownHere: ErrorsShownHere,
    private readonly routes: readonly RouteDef[] = ROUTES,
    private readonly decoders: ScreenDataDecoders = NO_SCREEN_DATA_DECODERS,
  ) {
    this.view$ = combineLatest([
      navigator.location$,
      currentUser.user$.pipe(distinctUntilChanged((a, b) => accessKey(a) === accessKey(b))),
      state.select('viewKey'),
    ]).pipe(
      switchMap(([location]) => this.withErrorsShownHere(this.viewAt(location.path, location.search))),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }

  private viewAt(path: string, search: string): Observable<RouteView> {
    const decision = decideRoute({ path, search }, this.currentUser.get(), this.routes);
    if (decision.kind === 'redirect') return this.redirect(path, search, decision.to);
    if (decision.kind === 'notFound') return this.settled({ kind: 'notFound' });
    const { match } = decision;
    const fullSearch = completedSearch(match, search, this.clock.now());
    if (fullSearch !== null) return this.redirect(path, search, path + fullSearch);
    const { api } = match.route;
    // A screen not built yet fetches nothing: there is no data behind it to show.
    if (!api) return this.settled({ kind: 'ready', match, data: NO_SCREEN_DATA });
    return concat(
      defer(() => {
        this.state.set({ loaded: false });
        return of<RouteView>({ kind: 'loading', match });
      }),
      defer(() => {
        const request = { method: 'GET', path: apiPathFor(api, match.params), query: apiQueryFor(match, search) } as const;
        const decode = this.decoders.decoderFor(match.route.screen);
        return decode ? this.api.call(request, decode) : this.api.request(request);
      }).pipe(
        map((result): RouteView =>
          result.isOk() ? { kind: 'ready', match, data: { ...toScreenData(result.value), value: result.value } } : { kind: 'failed', match, error: result.error },
        ),
        tap(() => this.state.set({ loaded: true })),
      ),
    );
  }

  /**
   * The view at one address, until an error page is shown here: that page then stays (a load still
   * on its way is dropped) until the address changes.
   */
  private withErrorsShownHere(view$: Observable<RouteView>): Observable<RouteView> {
    const shown$ = this.shownHere.shown$.pipe(
      map((path): RouteView => ({ kind: 'errorPage', path })),
      tap(() => this.state.set({ loaded: true })),
    );
    return merge(view$, shown$).pipe(takeWhile((view) => view.kind !== 'errorPage', true));
  }

  private settled(view: RouteView): Observable<RouteView> {
    return defer(() => {
      this.state.set({ loaded: true });
      return of(view);
    });
  }

  private redirect(fromPath: string, fromSearch: string, to: string): Observable<RouteView> {
    return defer(() => {
      // After this emission, so the location stream is not re-entered while it is emitting; and only
      // if the app is still where the decision was made (a use-case may have moved on meanwhile).
      queueMicrotask(() => {
        const here = this.navigator.current();
        if (here.path === fromPath && here.search === fromSearch) this.navigator.replace(to);
      });
      return of<RouteView>({ kind: 'redirecting' });
    });
  }
}

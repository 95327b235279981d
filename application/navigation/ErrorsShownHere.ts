import { Subject, type Observable } from 'rxjs';

/** The error pages of the spec's catalogue (§8; ERROR_PATHS in ../api/ErrorPolicy names them). */
export type ErrorPagePath = '/error-no-connection' | '/error-403' | '/error-404' | '/error-500';

/**
 * Error pages shown where the failure happened, without a change of address: for a visitor who is
 * not signed in, whom the error routes themselves send to /login (spec §6). The error policy says
 * which page; the route controller shows it until the next navigation.
 */
export class ErrorsShownHere {
  private readonly shown = new Subject<ErrorPagePath>();
  readonly shown$: Observable<ErrorPagePath> = this.shown.asObservable();

  show(page: ErrorPagePath): void {
    this.shown.next(page);
  }
}

import { Subject, type Observable } from 'rxjs';
import type { ERROR_PATHS } from '../api/ErrorPolicy';

/** The error pages of the spec's catalogue (§8). */
export type ErrorPagePath = (typeof ERROR_PATHS)['noConnection' | 'forbidden' | 'notFound' | 'server'];

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

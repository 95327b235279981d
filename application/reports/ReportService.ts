import { BehaviorSubject, defer, type Observable } from 'rxjs';
import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { QueryValue } from '../ports/ApiTransport';
import type { ReportDesk } from '../ports/ReportDesk';
import type { ReportKey, ReportOptions, ReportResult } from './reports';

/** What the filter screens offer: the choices read last (none before the first reply), and whether a read is under way with none yet. */
export interface ReportChoices {
  readonly loading: boolean;
  readonly options: ReportOptions | null;
}

/**
 * The report screens' use-cases beyond their screen data: the choices their filters offer, and every
 * row of a result for its print view. (The filter screens have no screen data of their own; the
 * result screens get theirs from the route.)
 */
export class ReportService {
  private readonly choices = new BehaviorSubject<ReportChoices>({ loading: true, options: null });

  /**
   * The filter choices: the ones read last at once, and read again for each screen that asks (a
   * branch or a product added meanwhile appears); a failed read keeps what there was.
   */
  readonly choices$: Observable<ReportChoices> = defer(() => {
    this.refresh();
    return this.choices;
  });

  constructor(private readonly desk: ReportDesk) {}

  private refresh(): void {
    const last = this.choices.value.options;
    this.choices.next({ loading: last === null, options: last });
    void this.desk.options().match(
      (options) => this.choices.next({ loading: false, options }),
      () => this.choices.next({ loading: false, options: this.choices.value.options }),
    );
  }

  /**
   * Every row of a report's result for its print view (`printQuery` of ./reports: the result's
   * filters and sort, one page as large as the export limit). A failure stays on the screen (no
   * navigation), for the screen to say.
   */
  allRows(report: ReportKey, query: Readonly<Record<string, QueryValue>>): ResultAsync<ReportResult, ApiError> {
    return this.desk.page(report, query, { navigateOnError: false });
  }
}

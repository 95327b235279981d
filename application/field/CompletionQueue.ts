import { okAsync, ResultAsync } from 'neverthrow';
import { Subject, type Observable } from 'rxjs';
import type { ApiError } from '../api/ApiError';
import type { Report } from '../appointments/appointment';
import type { Clock } from '../ports/Clock';
import type { CompletionOutbox, KeptCompletion, OutboxUnavailable } from '../ports/CompletionOutbox';
import type { FieldReports, VisitChanged, VisitCompletion } from '../ports/FieldReports';
import type { OutboxBoard } from './OutboxBoard';

/** How one sending of a kept completion ended. */
export type SendOutcome = { readonly state: 'sent'; readonly report: Report } | { readonly state: 'waiting' } | { readonly state: 'refused'; readonly problem: ApiError } | { readonly state: 'conflict'; readonly current: Report };

/**
 * The failures after which a completion waits to be sent again: no connection (or the server or its
 * database not answering), or the session gone (sent again once the worker is signed in). Any other
 * refusal is the server's answer to this completion: it is kept as refused, with why.
 */
const TRY_AGAIN: ReadonlySet<string> = new Set<ApiError['code']>(['network', 'unavailable', 'server', 'unauthorized', 'sessionExpired', 'csrf', 'tooManyRequests']);

/**
 * The worker's outbox (issue 22 item 4): a completion is kept on the device before it is sent, and
 * stays there until the server has it. Sent: it leaves the outbox. No connection: it waits, and is
 * sent again (with the same key, so the server does it once) when the connection returns or the
 * app opens, oldest first. Refused: kept with the server's reason. The office changed the visit:
 * kept with the server's report, to show both; only the worker discards theirs.
 */
export class CompletionQueue {
  private replaying: Promise<void> | null = null;
  private readonly sent = new Subject<KeptCompletion>();
  /** Each kept completion the server has taken, once it has left the device. */
  readonly sent$: Observable<KeptCompletion> = this.sent.asObservable();

  constructor(
    private readonly outbox: CompletionOutbox,
    private readonly reports: FieldReports,
    readonly board: OutboxBoard,
    private readonly clock: Clock,
    /** Who is signed in (null: nobody known, every kept completion is theirs to see). */
    private readonly signedIn: () => number | null = () => null,
  ) {}

  /** Keeps a completion (waiting) before anything is sent. */
  keep(completion: VisitCompletion, client: KeptCompletion['client']): ResultAsync<KeptCompletion, OutboxUnavailable> {
    const userId = this.signedIn();
    const kept: KeptCompletion = { key: completion.key, ...(userId === null ? {} : { userId }), completion, client, keptAt: this.clock.now().toISOString(), state: 'waiting' };
    return this.outbox.put(kept).map(() => {
      this.board.show(kept);
      return kept;
    });
  }

  /** Sends a kept completion once and keeps how it went. */
  send(kept: KeptCompletion): ResultAsync<SendOutcome, never> {
    this.board.show({ ...kept, state: 'sending' });
    return this.reports
      .submit(kept.completion)
      .andThen((report) =>
        this.outbox
          .remove(kept.key)
          .orElse(() => okAsync(undefined))
          .map((): SendOutcome => {
            this.board.show({ ...kept, state: 'sent' });
            this.sent.next(kept);
            return { state: 'sent', report };
          }),
      )
      .orElse((problem) => {
        const next = this.after(kept, problem);
        return this.outbox
          .put(next)
          .orElse(() => okAsync(undefined))
          .map((): SendOutcome => {
            this.board.show(next);
            return next.state === 'conflict' ? { state: 'conflict', current: next.current! } : next.state === 'refused' ? { state: 'refused', problem: next.problem! } : { state: 'waiting' };
          });
      });
  }

  private after(kept: KeptCompletion, problem: ApiError | VisitChanged): KeptCompletion {
    const { problem: _problem, current: _current, ...rest } = kept;
    if (problem.code === 'visitChanged') return { ...rest, state: 'conflict', current: problem.report };
    if (TRY_AGAIN.has(problem.code)) return { ...rest, state: 'waiting' };
    return { ...rest, state: 'refused', problem };
  }

  /**
   * The outbox as kept on the device for whoever is signed in (another person's completions on a
   * shared phone are neither shown nor sent with this session), on the board (completions sent since
   * the app opened stay shown as sent).
   */
  load(): ResultAsync<readonly KeptCompletion[], never> {
    return this.outbox
      .all()
      .orElse(() => okAsync<KeptCompletion[], never>([]))
      .map((all) => {
        const me = this.signedIn();
        const kept = me === null ? all : all.filter((k) => k.userId === undefined || k.userId === me);
        const sent = this.board.get().filter((i) => i.state === 'sent' && (me === null || i.userId === undefined || i.userId === me) && !kept.some((k) => k.key === i.key));
        this.board.set([...kept.map((k) => this.board.get().find((i) => i.key === k.key && i.state === 'sending') ?? k), ...sent]);
        return kept;
      });
  }

  /** Sends the waiting completions again, oldest first, each with its own key; stops at the first that finds no connection. One run at a time. */
  replay(): ResultAsync<void, never> {
    this.replaying ??= (async () => {
      const kept = await this.load();
      for (const item of kept.isOk() ? kept.value : []) {
        if (item.state !== 'waiting') continue;
        const outcome = await this.send(item);
        if (outcome.isOk() && outcome.value.state === 'waiting') break;
      }
    })().finally(() => {
      this.replaying = null;
    });
    return ResultAsync.fromSafePromise(this.replaying);
  }

  /** The worker lets a kept completion go (refused, or the office's changes kept): it leaves the device. */
  discard(key: string): ResultAsync<void, OutboxUnavailable> {
    return this.outbox.remove(key).map(() => this.board.drop(key));
  }
}

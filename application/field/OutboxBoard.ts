import { BehaviorSubject, type Observable } from 'rxjs';
import type { KeptCompletion } from '../ports/CompletionOutbox';

/** What the worker sees of a completion in the outbox: its kept state, or being sent, or sent (then it is no longer kept). */
export type OutboxState = KeptCompletion['state'] | 'sending' | 'sent';

export interface OutboxItem extends Omit<KeptCompletion, 'state'> {
  readonly state: OutboxState;
}

/**
 * The outbox as My day lists it (issue 22 item 4): a stream the CompletionQueue writes and the
 * Outbox list reads (FieldDesk.outbox()). Made with the worker's use-cases, so it loads with them.
 */
export class OutboxBoard {
  private readonly items = new BehaviorSubject<readonly OutboxItem[]>([]);
  readonly items$: Observable<readonly OutboxItem[]> = this.items.asObservable();

  get(): readonly OutboxItem[] {
    return this.items.getValue();
  }

  set(items: readonly OutboxItem[]): void {
    this.items.next(items);
  }

  /** Replaces the item of the same key (or adds it at the end). */
  show(item: OutboxItem): void {
    const items = this.get();
    this.set(items.some((i) => i.key === item.key) ? items.map((i) => (i.key === item.key ? item : i)) : [...items, item]);
  }

  drop(key: string): void {
    this.set(this.get().filter((i) => i.key !== key));
  }
}

import { BehaviorSubject, type Observable } from 'rxjs';

/** What a confirmation asks; each kind has its words in locales (namespace `common`, key `confirm.<kind>`; futureVisit's in `field`, with the worker's screens). */
export type ConfirmationKind = 'unsavedChanges' | 'delete' | 'futureVisit';

export interface ConfirmationRequest {
  readonly kind: ConfirmationKind;
  /** Interpolation values for the message, e.g. the name of what is deleted. */
  readonly values?: Readonly<Record<string, string>>;
}

/**
 * Asks the user to confirm something and waits for the answer. The screen shows the pending request
 * as a dialog (presentation/components/ConfirmDialog) and answers it; a new question while one is open
 * answers the old one with "cancel".
 */
export class ConfirmationService {
  private readonly subject = new BehaviorSubject<ConfirmationRequest | null>(null);
  private resolve: ((answer: boolean) => void) | null = null;

  readonly request$: Observable<ConfirmationRequest | null> = this.subject.asObservable();

  ask(request: ConfirmationRequest): Promise<boolean> {
    this.answer(false);
    return new Promise<boolean>((resolve) => {
      this.resolve = resolve;
      this.subject.next(request);
    });
  }

  answer(confirmed: boolean): void {
    const resolve = this.resolve;
    this.resolve = null;
    if (this.subject.getValue() !== null) this.subject.next(null);
    resolve?.(confirmed);
  }
}

import { useCallback, useMemo, useRef, useState } from 'react';
import type { ResultAsync } from 'neverthrow';
import { Observable, Subject } from 'rxjs';
import { useObservable } from './useObservable';

/** What a component shows of data a use-case reads for it. */
export interface Loaded<T, E> {
  /** What the last read that succeeded gave, or null before the first one came. */
  readonly value: T | null;
  /** Why the last read failed, or null when it succeeded (or has not ended yet). */
  readonly error: E | null;
  /** Reads again; what was read before stays shown until the answer comes. */
  readonly reload: () => void;
}

const NOT_YET = { value: null, error: null };

/**
 * Data a component needs beyond its screen data, read through a use-case's `read` (a `Result`) when
 * the component appears and again on `reload` — the one way a component loads (DESIGN.md "Who does
 * what": no fetching in a screen's own effect). A reply that comes after the component has gone is
 * dropped (through useObservable, the one bridge from RxJS to React).
 */
export function useLoaded<T, E>(read: () => ResultAsync<T, E>): Loaded<T, E> {
  const latest = useRef(read);
  latest.current = read;
  const [again] = useState(() => new Subject<void>());
  const loaded$ = useMemo(
    () =>
      new Observable<Omit<Loaded<T, E>, 'reload'>>((subscriber) => {
        let shown: T | null = null;
        const readOnce = () =>
          void latest.current().match(
            (value) => {
              shown = value;
              subscriber.next({ value, error: null });
            },
            (error) => subscriber.next({ value: shown, error }),
          );
        readOnce();
        const reads = again.subscribe(readOnce);
        return () => reads.unsubscribe();
      }),
    [again],
  );
  const loaded = useObservable<Omit<Loaded<T, E>, 'reload'>>(loaded$, NOT_YET);
  const reload = useCallback(() => again.next(), [again]);
  return { ...loaded, reload };
}

import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The one bridge from RxJS to React: the latest value of `stream$` (starting from `initial`), with the
 * subscription ended when the component goes or the stream changes.
 */
export function useObservable<T>(stream$: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = stream$.subscribe((next) => setValue(() => next));
    return () => subscription.unsubscribe();
  }, [stream$]);
  return value;
}

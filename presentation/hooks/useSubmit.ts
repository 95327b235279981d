import { useCallback, useRef, useState } from 'react';
import type { Result, ResultAsync } from 'neverthrow';
import { useProblemWords, type DescribeOptions, type Problem } from '../format/problem';
import type { StaleSave } from './useStaleSave';

export interface SubmitOptions extends DescribeOptions {
  /** An edit form's stale-save offer (useStaleSave): told how each submit ended. */
  readonly staleSave?: StaleSave;
}

export interface Submit<A extends unknown[], T, E> {
  /** Whether the action is running (the form is disabled, `aria-busy`). */
  readonly busy: boolean;
  /** The messages per field of the last failure. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** The whole-form message of the last failure, or null. */
  readonly message: string | null;
  /**
   * Runs the action: clears the last failure, is busy until it ends, then shows its failure (if
   * any). Resolves to the action's result, or to null when it was already running (a double
   * submit does not send twice).
   */
  readonly submit: (...args: A) => Promise<Result<T, E> | null>;
  /** Shows a failure without running the action (e.g. a check made before it). */
  readonly show: (problem: Problem) => void;
  /** Forgets the last failure. */
  readonly reset: () => void;
}

/**
 * The busy flag, field messages and form message of a form whose action is a use-case returning a
 * `Result` (DESIGN.md "Who does what": one submit hook). What the action does on success — notify,
 * navigate — is the use-case's; the hook only shows how it went.
 */
export function useSubmit<A extends unknown[], T, E extends Problem>(
  action: (...args: A) => ResultAsync<T, E> | Promise<Result<T, E>>,
  options: SubmitOptions = {},
): Submit<A, T, E> {
  const { describe } = useProblemWords();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const running = useRef(false);
  // The latest action and options, so `submit` stays the same function between renders.
  const latest = useRef({ action, options, describe });
  latest.current = { action, options, describe };

  const show = useCallback((problem: Problem) => {
    const { options: current, describe: say } = latest.current;
    const described = say(problem, current);
    current.staleSave?.note(problem);
    setErrors(described.fields);
    setMessage(described.message);
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setMessage(null);
    latest.current.options.staleSave?.note(null);
  }, []);

  const submit = useCallback(
    async (...args: A): Promise<Result<T, E> | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(true);
      reset();
      try {
        const result: Result<T, E> = await latest.current.action(...args);
        if (result.isErr()) show(result.error);
        return result;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [reset, show],
  );

  return { busy, errors, message, submit, show, reset };
}

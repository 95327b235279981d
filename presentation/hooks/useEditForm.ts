import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import type { Result, ResultAsync } from 'neverthrow';
import type { Problem } from '../format/problem';
import { useFormDraft, type DraftOffer } from './useDraft';
import { useSubmit, type Submit, type SubmitOptions } from './useSubmit';
import { useUnsavedChanges } from './useUnsavedChanges';

export interface EditFormOptions<V, T, E> extends SubmitOptions {
  /** The form's values as loaded (a new record's defaults). */
  readonly start: V;
  /** Whether the user may change it: a form they may not change is never unsaved. */
  readonly canEdit: boolean;
  /** Where unsaved input is kept (useFormDraft): the screen and the record as loaded, e.g. `product:3:4`. */
  readonly draftKey: string;
  /** The use-case's save of the values. */
  readonly save: (values: V) => ResultAsync<T, E> | Promise<Result<T, E>>;
  /** Whether the values differ from `start` (by default: compared as JSON). */
  readonly changed?: (values: V) => boolean;
  /** What of the values is kept as a draft (by default: all of them). */
  readonly kept?: (values: V) => V;
}

export interface EditForm<V, T, E> {
  readonly form: V;
  /** Whether the user may change it (the form is disabled otherwise, with no buttons). */
  readonly canEdit: boolean;
  readonly setForm: Dispatch<SetStateAction<V>>;
  /** Sets one value. */
  readonly set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** The save's busy flag and failure (useSubmit). */
  readonly save: Submit<[V], T, E>;
  /** The kept input, offered back (DraftBanner). */
  readonly draft: DraftOffer<V>;
  /** The form's submit: saves the values. */
  readonly onSubmit: (event: FormEvent) => void;
}

/**
 * The state every record form holds the same way: its values, whether they are unsaved (leaving asks
 * first, and they are kept as a draft), and its save through the one submit hook. What a save does —
 * the rules, notify, navigate — stays the use-case's.
 */
export function useEditForm<V, T, E extends Problem>({ start, canEdit, draftKey, save: action, changed, kept, ...submitOptions }: EditFormOptions<V, T, E>): EditForm<V, T, E> {
  const [form, setForm] = useState(start);
  const save = useSubmit(action, submitOptions);
  const dirty = canEdit && (changed ? changed(form) : JSON.stringify(form) !== JSON.stringify(start));
  useUnsavedChanges(dirty);
  const draft = useFormDraft(draftKey, kept ? kept(form) : form, dirty, start);
  const set = <K extends keyof V>(key: K, value: V[K]) => setForm((f) => ({ ...f, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.submit(form);
  };
  return { form, canEdit, setForm, set, save, draft, onSubmit };
}

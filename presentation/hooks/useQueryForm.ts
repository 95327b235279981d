import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A filter form whose values live in the address: it starts from the query, and applying it
 * navigates to the same path with the non-empty values (the list reloads; the address can be
 * bookmarked). The order (`sort`, set by the column headers) is kept unless `sort` is one of the
 * form's own keys; a new search starts at page 1.
 */
export function useQueryForm<K extends string>(keys: readonly K[]) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [values, setValues] = useState(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>);
  const set = (key: K, value: string) => setValues((v) => ({ ...v, [key]: value }));
  /** Applies the form, with `changed` values taken at once (a choice that applies as it is made). */
  const apply = (event?: FormEvent, changed: Partial<Record<K, string>> = {}) => {
    event?.preventDefault();
    const next = new URLSearchParams();
    const sort = params.get('sort');
    if (sort && !(keys as readonly string[]).includes('sort')) next.set('sort', sort);
    const all: Record<K, string> = { ...values, ...changed };
    for (const key of keys) if (all[key].trim()) next.set(key, all[key].trim());
    navigate(next.size > 0 ? `${path}?${next.toString()}` : path);
  };
  const clear = () => {
    setValues(Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>);
    navigate(path);
  };
  return { path, search, params, values, set, apply, clear };
}

import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A filter form whose values live in the address: it starts from the query, and applying it
 * navigates to the same path with the non-empty values (the list reloads; the address can be
 * bookmarked). `fixed` keys are kept as they are (e.g. a reminder's own filter).
 */
export function useQueryForm<K extends string>(keys: readonly K[]) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [values, setValues] = useState(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>);
  const set = (key: K, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const next = new URLSearchParams();
    const sort = params.get('sort');
    if (sort) next.set('sort', sort);
    for (const key of keys) if (values[key].trim()) next.set(key, values[key].trim());
    navigate(next.size > 0 ? `${path}?${next.toString()}` : path);
  };
  const clear = () => {
    setValues(Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>);
    navigate(path);
  };
  return { path, search, params, values, set, apply, clear };
}

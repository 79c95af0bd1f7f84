import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's filters, sort and page, kept in the address: a reload, a shared link and the
 * back button show the same page. Values equal to their default are left out of it. Any change
 * but the page's own goes back to page 1. `defaults` must be a constant (module level).
 */
export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [search, setSearch] = useSearchParams();
  const values = useMemo(() => {
    const read = {} as Record<K, string>;
    for (const key of Object.keys(defaults) as K[]) read[key] = search.get(key) ?? defaults[key];
    return read;
  }, [search, defaults]);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  const update = useCallback(
    (patch: Partial<Record<K | 'page', string | number>>) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in patch)) next.delete('page');
          for (const [key, value] of Object.entries(patch)) {
            const text = value === undefined ? '' : String(value);
            const fallback = key === 'page' ? '1' : (defaults as Record<string, string>)[key];
            if (text === '' || text === fallback) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: !('page' in patch) },
      );
    },
    [setSearch, defaults],
  );
  return { values, page, update };
}

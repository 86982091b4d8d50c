import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PROJECT_FILTERS } from '../api/types';
import type { ProjectFilter } from '../api/types';

/**
 * The projects list's state in the address: filter, page, search (typed now, in the address once the typing
 * pauses, back to page 1), and the model or `new` that opens the new-project dialog.
 */
export function useProjectListParams() {
  const [params, setParams] = useSearchParams();
  const filter = (PROJECT_FILTERS as readonly string[]).includes(params.get('filter') ?? '')
    ? (params.get('filter') as ProjectFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const modelId = params.get('model');

  useEffect(() => {
    if ((params.get('q') ?? '') === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [q, params, setParams]);

  /** Sets (or with null removes) these parameters. */
  const go = (patch: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return { params, filter, page, search, setSearch, q, modelId, go, setParams };
}

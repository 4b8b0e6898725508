// The search state of the results page, read from and written to the URL (searchUrlState.ts).
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseSearchUrl, searchHref, type SearchState } from './searchUrlState.ts';

export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseSearchUrl(pathname, search), [pathname, search]);
  const setState = useCallback((next: SearchState) => navigate(searchHref(next, search)), [navigate, search]);
  return [state, setState];
}

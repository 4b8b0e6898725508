// Switching the preview a curator sees (?previewing={groupId}), shared by the preview banner and the
// dashboard's "View as", which must not load the banner to offer it.
import { useLocation, useNavigate } from 'react-router';

/** Navigates to the current page previewed as a group (0 = everyone), or out of preview with null. */
export function useSetPreviewing(): (next: number | null) => void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (next) => {
    const q = new URLSearchParams(search);
    if (next === null) q.delete('previewing');
    else q.set('previewing', String(next));
    const qs = q.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`);
  };
}

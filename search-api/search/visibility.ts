// Who may see which card, as a filter the server adds to every search, suggestion and count
// (part 2 §4 Card visibility). Never decided in the browser.
import type { Query } from '../../engine/port.ts';
import { viewerScopes } from '../../mappings/index.ts';
import type { ScopeViewer } from '../../mappings/scope.ts';
import { isCurator, type Auth } from '../auth/context.ts';

export type Viewer = {
  companyId: number;
  curator: boolean;
  visibilityGroupIds: number[];
  /** A curator previewing as a visibility group (0: as everyone); ignored for everyone else. */
  previewGroupId: number | null;
};

export function viewerOf(auth: Auth, previewing?: number | null): Viewer {
  const curator = isCurator(auth);
  return {
    companyId: auth.companyId,
    curator,
    visibilityGroupIds: auth.visibilityGroupIds,
    previewGroupId: curator && previewing !== undefined && previewing !== null ? previewing : null,
  };
}

/** Curators see every card unless previewing; everyone else (and a preview) sees published cards that are for everyone or for one of their groups. */
export function cardVisibilityFilter(v: Viewer): Query[] {
  const company: Query = { term: { company_id: v.companyId } };
  if (v.curator && v.previewGroupId === null) return [company];
  const groups = v.curator ? (v.previewGroupId ? [v.previewGroupId] : []) : v.visibilityGroupIds;
  const visible: Query[] = [{ term: { allAccess: true } }];
  if (groups.length) visible.push({ terms: { visibilityGroupIds: groups } });
  return [
    company,
    { bool: { must_not: [{ term: { isDraft: true } }], should: visible, minimum_should_match: 1 } },
  ];
}

/** The same rule for completion suggestions, whose filter is a set of scope values. */
export function suggestionScopes(v: Viewer): string[] {
  const viewer: ScopeViewer = {
    company_id: v.companyId,
    curator: v.curator,
    visibilityGroupIds: v.visibilityGroupIds,
    previewGroupId: v.previewGroupId,
  };
  return viewerScopes(viewer);
}

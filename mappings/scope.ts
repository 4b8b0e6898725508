// Visibility scopes for completion suggestions. OpenSearch ORs category contexts, so company and
// visibility are folded into one `scope` value per audience; a suggestion matches when the user
// holds any scope the document lists.

export interface ScopedDoc {
  company_id: number;
  isDraft?: boolean;
  allAccess?: boolean;
  visibilityGroupIds?: number[];
}

/** Scopes written into a document's completion contexts. */
export function docScopes(doc: ScopedDoc): string[] {
  const c = doc.company_id;
  const scopes = [`${c}:curator`];
  if (doc.isDraft) return scopes;
  if (doc.allAccess !== false) scopes.push(`${c}:all`);
  else for (const g of doc.visibilityGroupIds ?? []) scopes.push(`${c}:g${g}`);
  return scopes;
}

export interface ScopeViewer {
  company_id: number;
  /** Curators and admins see drafts and every group, unless previewing as a group. */
  curator: boolean;
  visibilityGroupIds?: number[];
  /** The curator's preview group: see exactly what that group sees. */
  previewGroupId?: number | null;
}

/** Scopes a viewer may see, for the completion `contexts: { scope: [...] }` filter. */
export function viewerScopes(v: ScopeViewer): string[] {
  const c = v.company_id;
  if (v.curator && (v.previewGroupId === undefined || v.previewGroupId === null)) return [`${c}:curator`];
  const groups = v.curator ? (v.previewGroupId ? [v.previewGroupId] : []) : (v.visibilityGroupIds ?? []);
  return [`${c}:all`, ...groups.map((g) => `${c}:g${g}`)];
}

/** Tags have no visibility: one scope per company. */
export function companyScope(companyId: number): string {
  return `${companyId}:all`;
}

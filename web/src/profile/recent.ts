// userData.recentlyViewed.profile: the profiles a user opened, newest first, at most 10 kept
// (the quick switcher shows the first 5).
export const RECENTLY_VIEWED_KEEP = 10;
export const RECENTLY_VIEWED_FLAG = 'recentlyViewed.profile';

export type RecentEntry = { id: number; name: string; logo: string | null };

function storedList(userData: Record<string, unknown> | null | undefined): RecentEntry[] {
  const recently = userData?.recentlyViewed;
  const list = recently && typeof recently === 'object' ? (recently as { profile?: unknown }).profile : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is RecentEntry => !!e && typeof e === 'object' && Number.isInteger((e as RecentEntry).id) && (e as RecentEntry).id > 0,
  );
}

/** The list with `entry` first, without an older copy of it; null when nothing would change. */
export function nextRecentlyViewed(userData: Record<string, unknown> | null | undefined, entry: RecentEntry): RecentEntry[] | null {
  const current = storedList(userData);
  const next = [entry, ...current.filter((e) => e.id !== entry.id)].slice(0, RECENTLY_VIEWED_KEEP);
  const first = current[0];
  if (first && first.id === entry.id && first.name === entry.name && (first.logo ?? null) === entry.logo && current.length === next.length) {
    return null;
  }
  return next;
}

// Finding things in the demo data from a browser test, read through the API as the signed-in user sees it.
import type { Page } from '@playwright/test';

type Profile = { id: number; battlecards: { id: number }[] };

/** A profile whose battlecard shows a live-data chart (the demo's hiring formula), and that battlecard. */
export async function liveProfile(page: Page): Promise<{ profileId: number; battlecardId: number }> {
  const get = async <T,>(url: string) => (await (await page.request.get(url)).json()) as T;
  for (const rival of await get<{ profileId: number }[]>('/api/rivals.json')) {
    const profile = await get<Profile>(`/api/profiles/${rival.profileId}.json`);
    for (const b of profile.battlecards) {
      const cards = await get<{ cards: { textHtml: string }[] }>(`/api/battlecards/${b.id}/cards.json?v=2&battlecardType=desktop`);
      if (cards.cards.some((c) => c.textHtml.includes('{{jobPostings('))) return { profileId: profile.id, battlecardId: b.id };
    }
  }
  throw new Error('no demo battlecard with a live-data chart');
}

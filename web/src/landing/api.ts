// Server state of the company landing page (part 3 §7.2, §7.4, contracts/landing.ts): the page by rival or by
// profile (the share link), polled while its sections generate; Retry with retryFailed; What's new; the favorite
// star (optimistic, §4.6); share-link tracking; the curators' curated cards and page settings.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  isGenerating,
  LANDING,
  type CuratedSection,
  type CuratedSectionType,
  type LandingPage,
  type Product,
  type ProfileSettings,
  type ProfileUpdateBody,
  type UpdateSummariesResponse,
} from '../../../contracts/landing.ts';
import { api } from '../api/client.ts';
import { competitorKeys, postFavorite } from '../dashboard/api.ts';
import { landingPollInterval } from './model.ts';

/** A landing page is read by its rival (/company/{rivalId}) or by its profile (the share link, Ask). */
export type LandingSource = { by: 'rival' | 'profile'; id: number };

export const landingKeys = {
  pages: ['landing', 'page'] as const,
  page: (source: LandingSource) => ['landing', 'page', source.by, source.id] as const,
  updates: (profileId: number) => ['landing', 'updates', profileId] as const,
  products: (organizationId: number) => ['landing', 'products', organizationId] as const,
};

const pagePath = ({ by, id }: LandingSource) => (by === 'rival' ? `/api/overviews/${id}/landing_page.json` : `/api/profiles/${id}/landing_page.json`);

export function useLandingPage(source: LandingSource) {
  return useQuery({
    queryKey: landingKeys.page(source),
    queryFn: ({ signal }) => api<LandingPage>(pagePath(source), { signal }),
    refetchInterval: (query) => landingPollInterval(query.state.data),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

/** Asks again with retryFailed, which requeues the failed sections; the answer (queued) restarts the polling. */
export function useRetryFailed(source: LandingSource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<LandingPage>(pagePath(source), { query: { retryFailed: true } }),
    onSuccess: (page) => client.setQueryData(landingKeys.page(source), page),
  });
}

export function useUpdateSummaries(profileId: number | undefined) {
  return useQuery({
    queryKey: landingKeys.updates(profileId ?? 0),
    queryFn: ({ signal }) => api<UpdateSummariesResponse>(`/api/profiles/${profileId}/update_summaries`, { signal }),
    enabled: profileId !== undefined,
    refetchInterval: (query) => (query.state.data?.updateSummaries.some((s) => isGenerating(s.status)) ? LANDING.pollMs : false),
  });
}

type Snapshot = [QueryKey, unknown][];

/** Stars or unstars the rival at once; a failure puts the star back. The dashboard's favorites follow the answer. */
export function useSetFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postFavorite,
    onMutate: async ({ rivalId, on }): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: landingKeys.pages });
      const snapshot = client.getQueriesData({ queryKey: landingKeys.pages });
      // Every cached page of the rival (by rival, by profile).
      client.setQueriesData<LandingPage>({ queryKey: landingKeys.pages }, (page) => (page?.rival.id === rivalId ? { ...page, favorited: on } : page));
      return snapshot;
    },
    onError: (_err, _vars, snapshot) => {
      for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
    },
    onSuccess: (list) => client.setQueryData(competitorKeys.favorites, list),
  });
}

/** Reports a use of the share link (for reports); the caller throttles it. */
export function useTrackShare() {
  return useMutation({ mutationFn: (profileId: number) => api<null>(`/api/profiles/${profileId}/share.json`, { method: 'POST' }) });
}

export function useSaveCurated(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sectionType, cardIds }: { sectionType: CuratedSectionType; cardIds: number[] }) =>
      api<CuratedSection>(`/api/profiles/${profileId}/landing_page/curated/${sectionType}`, { method: 'PUT', body: { cardIds } }),
    onSuccess: (section) =>
      client.setQueriesData<LandingPage>({ queryKey: landingKeys.pages }, (page) =>
        page && page.profileId === profileId
          ? { ...page, curated: { sections: [...page.curated.sections.filter((s) => s.sectionType !== section.sectionType), section] } }
          : page,
      ),
  });
}

/** The company's own organization's products, for the product filter (curators, once the settings open). */
export function useProducts(organizationId: number | null) {
  return useQuery({
    queryKey: landingKeys.products(organizationId ?? 0),
    queryFn: ({ signal }) => api<{ products: Product[] }>(`/api/organizations/${organizationId}/products`, { signal }),
    enabled: organizationId !== null,
    staleTime: 60_000,
  });
}

/** Saves the page settings; the server regenerates the sections, which the page's polling then follows. */
export function useSaveSettings(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api<ProfileSettings>(`/api/profiles/${profileId}`, { method: 'PUT', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: landingKeys.pages }), client.invalidateQueries({ queryKey: ['landing', 'updates'] })]),
  });
}

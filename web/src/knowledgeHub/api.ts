// Server state of the knowledge hub (contracts/knowledgeHub.ts): the own organization, the checklist's steps (polled
// while a step generates), confirming a step, products, positioning, variables, and files with their passages. A file
// is sent as its bytes with XMLHttpRequest, whose upload events give the progress fetch cannot.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  KnowledgeFile,
  KnowledgeFileDetail,
  KnowledgeFilePage,
  KnowledgeStepName,
  KnowledgeVariable,
  OwnOrganization,
  PassagePage,
  PositioningKind,
  PositioningStatement,
  StepsResponse,
} from '../../../contracts/knowledgeHub.ts';
import { KNOWLEDGE_HUB } from '../../../contracts/knowledgeHub.ts';
import type { Product } from '../../../contracts/landing.ts';
import { api, csrfHeaders, errorFromResponse, withQuery } from '../api/client.ts';
import { checklistSteps, pollInterval } from './checklist.ts';

/** A product of the own organization; the hub writes its description too. */
export type HubProduct = Product & { description?: string | null };
export type FileUpload = { title?: string; productId?: number; visibilityGroupIds: number[]; state: 'draft' | 'approved' };
export type FilePatch = Partial<{ title: string; productId: number | null; state: 'draft' | 'approved'; visibilityGroupIds: number[] }>;
export type PositioningInput = { kind: PositioningKind; text: string; ownerId?: number | null };
export type VariableInput = { key: string; label: string; value: string };

export const hubKeys = {
  all: ['knowledgeHub'] as const,
  own: ['knowledgeHub', 'own'] as const,
  steps: (orgId: number) => ['knowledgeHub', 'steps', orgId] as const,
  products: (orgId: number) => ['knowledgeHub', 'products', orgId] as const,
  positioning: ['knowledgeHub', 'positioning'] as const,
  variables: ['knowledgeHub', 'variables'] as const,
  files: ['knowledgeHub', 'files'] as const,
  filePage: (page: number) => ['knowledgeHub', 'files', 'page', page] as const,
  file: (id: number) => ['knowledgeHub', 'files', 'one', id] as const,
  passages: (id: number, page: number) => ['knowledgeHub', 'files', 'passages', id, page] as const,
};

const HUB = '/api/knowledge_hub';
const extracting = (f: Pick<KnowledgeFile, 'extraction'>) => f.extraction === 'pending' || f.extraction === 'running';
export const isExtracting = extracting;
const orgPath = (orgId: number) => `/api/organizations/${orgId}`;

/** The company's own organization; null when it has none yet (404). */
export function useOwnOrganization() {
  return useQuery({
    queryKey: hubKeys.own,
    queryFn: async ({ signal }) => {
      try {
        return await api<OwnOrganization>('/api/organizations/own.json', { signal });
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useCreateOwnOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; url: string | null }) => api<{ id: number }>('/api/organizations', { method: 'POST', body: { ...body, isOwnOrganization: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.all }),
  });
}

/** Whether a file the screens hold (a page of the list, or one file) is still being read. */
function fileExtracting(client: QueryClient): boolean {
  return client
    .getQueriesData<KnowledgeFilePage | KnowledgeFile>({ queryKey: hubKeys.files })
    .some(([, data]) => !!data && ('items' in data ? data.items.some(extracting) : 'extraction' in data && extracting(data)));
}

/** The checklist's steps, asked again every 5 s while one generates or a file is being read. */
export function useSteps(orgId: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: hubKeys.steps(orgId ?? 0),
    queryFn: ({ signal }) => api<StepsResponse>(`${orgPath(orgId!)}/steps`, { signal }),
    enabled: orgId !== undefined,
    select: (r) => checklistSteps(r.steps),
    refetchInterval: (q) => pollInterval(q.state.data ? checklistSteps(q.state.data.steps) : undefined, fileExtracting(client)),
  });
}

/** Every write may change a step: the steps are asked again (or set from the answer when it carries them). */
const stepsChanged = (client: QueryClient, orgId: number | undefined, steps?: StepsResponse) =>
  steps && orgId !== undefined ? client.setQueryData(hubKeys.steps(orgId), steps) : client.invalidateQueries({ queryKey: ['knowledgeHub', 'steps'] });

export function useConfirmStep(orgId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: KnowledgeStepName) => api<StepsResponse>('/api/company/confirm_step.json', { method: 'PATCH', query: { step } }),
    onSuccess: (steps) => stepsChanged(client, orgId, steps),
  });
}

// ---- products ----

export function useProducts(orgId: number | undefined) {
  return useQuery({
    queryKey: hubKeys.products(orgId ?? 0),
    queryFn: ({ signal }) => api<{ products: HubProduct[] }>(`${orgPath(orgId!)}/products`, { signal }).then((r) => r.products),
    enabled: orgId !== undefined,
  });
}

export function useSaveProduct(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, description }: { id?: number; name: string; description: string }) =>
      id === undefined
        ? api<HubProduct>(`${orgPath(orgId)}/products`, { method: 'POST', body: { name, description } })
        : api<HubProduct>(`${orgPath(orgId)}/products/${id}`, { method: 'PUT', body: { name, description } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.products(orgId) }), stepsChanged(client, orgId)]),
  });
}

export function useDeleteProduct(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${orgPath(orgId)}/products/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.products(orgId) }), stepsChanged(client, orgId)]),
  });
}

export function useConfirmProducts(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<StepsResponse>(`${orgPath(orgId)}/products/confirm`, { method: 'PATCH' }),
    onSuccess: (steps) => stepsChanged(client, orgId, steps),
  });
}

// ---- positioning ----

export function usePositioning(generating: boolean) {
  return useQuery({
    queryKey: hubKeys.positioning,
    queryFn: ({ signal }) => api<PositioningStatement[]>(`${HUB}/positioning`, { signal }),
    // A draft running adds statements: they are read again as the steps are.
    refetchInterval: generating ? KNOWLEDGE_HUB.stepPollMs : false,
  });
}

export function useSavePositioning(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PositioningInput }) =>
      id === undefined
        ? api<PositioningStatement>(`${HUB}/positioning`, { method: 'POST', body })
        : api<PositioningStatement>(`${HUB}/positioning/${id}`, { method: 'PUT', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.positioning }), stepsChanged(client, orgId)]),
  });
}

export function useVerifyPositioning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<PositioningStatement>(`${HUB}/positioning/${id}/verify`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: hubKeys.positioning }),
  });
}

export function useDeletePositioning(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${HUB}/positioning/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.positioning }), stepsChanged(client, orgId)]),
  });
}

/** Drafting answers the steps, positioning now generating: the page polls until it ends. */
export function useDraftPositioning(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<StepsResponse>(`${HUB}/positioning/draft`, { method: 'POST' }),
    onSuccess: (steps) => stepsChanged(client, orgId, steps),
  });
}

// ---- variables ----

export function useVariables() {
  return useQuery({ queryKey: hubKeys.variables, queryFn: ({ signal }) => api<KnowledgeVariable[]>(`${HUB}/variables`, { signal }) });
}

export function useSaveVariable(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: VariableInput }) =>
      id === undefined
        ? api<KnowledgeVariable>(`${HUB}/variables`, { method: 'POST', body })
        : api<KnowledgeVariable>(`${HUB}/variables/${id}`, { method: 'PUT', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.variables }), stepsChanged(client, orgId)]),
  });
}

export function useDeleteVariable(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${HUB}/variables/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.variables }), stepsChanged(client, orgId)]),
  });
}

// ---- files ----


/** A page of files; asked again every 5 s while one of them is extracting. */
export function useFiles(page: number) {
  return useQuery({
    queryKey: hubKeys.filePage(page),
    queryFn: ({ signal }) => api<KnowledgeFilePage>(`${HUB}/files`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(extracting) ? KNOWLEDGE_HUB.stepPollMs : false),
  });
}

/** One file, polled until its extraction is done or failed. */
export function useFile(id: number | null) {
  return useQuery({
    queryKey: hubKeys.file(id ?? 0),
    queryFn: ({ signal }) => api<KnowledgeFileDetail>(`${HUB}/files/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && extracting(q.state.data) ? KNOWLEDGE_HUB.stepPollMs : false),
  });
}

export function usePassages(id: number, page: number) {
  return useQuery({
    queryKey: hubKeys.passages(id, page),
    queryFn: ({ signal }) => api<PassagePage>(`${HUB}/files/${id}/passages`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sends a file's bytes, reporting the share sent (0–1); answers the file as the server took it, or its error. */
export function sendFile(path: string, file: File, onProgress: (share: number) => void): Promise<KnowledgeFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    for (const [k, v] of Object.entries(csrfHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status >= 200 && xhr.status < 300) resolve(response.json() as Promise<KnowledgeFile>);
      else void errorFromResponse(response).then(reject);
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}

export function useUploadFile(orgId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, meta, version, onProgress }: { file: File; meta?: FileUpload; version?: number; onProgress: (share: number) => void }) => {
      const path =
        version !== undefined
          ? withQuery(`${HUB}/files/${version}/version`, { fileName: file.name })
          : withQuery(`${HUB}/files`, {
              fileName: file.name,
              title: meta?.title || undefined,
              productId: meta?.productId,
              visibilityGroupIds: meta?.visibilityGroupIds.join(',') || undefined,
              state: meta?.state,
            });
      return sendFile(path, file, onProgress);
    },
    onSuccess: (file) => {
      client.setQueryData(hubKeys.file(file.id), file);
      return Promise.all([client.invalidateQueries({ queryKey: hubKeys.files }), stepsChanged(client, orgId)]);
    },
  });
}

export function usePatchFile(orgId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FilePatch }) => api<KnowledgeFile>(`${HUB}/files/${id}`, { method: 'PATCH', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.files }), stepsChanged(client, orgId)]),
  });
}

export function useDeleteFile(orgId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${HUB}/files/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: hubKeys.files }), stepsChanged(client, orgId)]),
  });
}

// Server state of dynamic boards (contracts/dynamicBoards.ts): the list (the dashboard's collections grid), a board
// with its results page by page, and the curators' writes. A change shows at once and is rolled back when the
// server refuses it (part 3 §4.8); the results are read again once the server has it.
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { DynamicBoard, DynamicBoardOrder, DynamicBoardPage, DynamicBoardView } from '../../../contracts/dynamicBoards.ts';
import { DYNAMIC_BOARDS_PAGE_SIZE, DYNAMIC_BOARD_RESULTS_SIZE } from '../../../contracts/dynamicBoards.ts';
import { api } from '../api/client.ts';
import { SEARCH_COUNTERS } from '../search/constants.ts';
import { nextOffset } from '../search/api.ts';
import { applyChange, type BoardEdit } from './model.ts';

export const dynamicBoardKeys = {
  all: ['dynamicBoards'] as const,
  list: (order: DynamicBoardOrder) => ['dynamicBoards', 'list', order] as const,
  board: (id: number) => ['dynamicBoards', 'board', id] as const,
  results: (id: number, updated: string | null, counters: boolean) => ['dynamicBoards', 'board', id, updated, counters] as const,
};

const BASE = '/api/dynamic_boards';

/** The boards the reader may open, 20 a page. */
export function useDynamicBoards(order: DynamicBoardOrder) {
  return useInfiniteQuery({
    queryKey: dynamicBoardKeys.list(order),
    queryFn: ({ pageParam, signal }) => api<DynamicBoardPage>(`${BASE}.json`, { query: { page: pageParam, limit: DYNAMIC_BOARDS_PAGE_SIZE, order }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

/**
 * A board and its results; `updated` overrides the saved date preset for this reader, `counters` asks for the
 * sidebar's counters on the first page (curators editing the criteria).
 */
export function useDynamicBoard(id: number, updated: string | null, counters: boolean) {
  return useInfiniteQuery({
    queryKey: dynamicBoardKeys.results(id, updated, counters),
    queryFn: ({ pageParam, signal }) =>
      api<DynamicBoardView>(`${BASE}/${id}.json`, {
        query: {
          offset: pageParam,
          size: DYNAMIC_BOARD_RESULTS_SIZE,
          updated_start: updated ?? undefined,
          countersFor: counters && pageParam === 0 ? SEARCH_COUNTERS.join(',') : undefined,
        },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last.results, DYNAMIC_BOARD_RESULTS_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

const createDynamicBoard = (body: object = {}) => api<{ id: number }>(`${BASE}.json`, { method: 'POST', body });

export function useCreateDynamicBoard() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDynamicBoard, onSuccess: () => client.invalidateQueries({ queryKey: [...dynamicBoardKeys.all, 'list'] }) });
}

type Snapshot = [readonly unknown[], InfiniteData<DynamicBoardView> | undefined][];

/**
 * The options of a board's update: the cached pages show the change at once (onMutate), go back to what they were
 * when the server refuses it (onError), and are read again either way (onSettled). Exported for the rollback test.
 */
export function updateOptions(client: QueryClient, id: number, send: (edit: BoardEdit) => Promise<DynamicBoard>) {
  const key = dynamicBoardKeys.board(id);
  return {
    mutationFn: send,
    onMutate: async (edit: BoardEdit): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: key });
      const before: Snapshot = client.getQueriesData<InfiniteData<DynamicBoardView>>({ queryKey: key });
      client.setQueriesData<InfiniteData<DynamicBoardView>>({ queryKey: key }, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, ...applyChange(page, edit) })) },
      );
      return before;
    },
    onError: (_err: unknown, _edit: BoardEdit, before: Snapshot | undefined) => {
      for (const [queryKey, data] of before ?? []) client.setQueryData(queryKey, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: dynamicBoardKeys.all }),
  };
}

const putDynamicBoard = (id: number) => (edit: BoardEdit) => api<DynamicBoard>(`${BASE}/${id}.json`, { method: 'PUT', body: edit });

export function useUpdateDynamicBoard(id: number) {
  const client = useQueryClient();
  return useMutation(updateOptions(client, id, putDynamicBoard(id)));
}

export function useDeleteDynamicBoard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`${BASE}/${id}.json`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: dynamicBoardKeys.board(id) });
      return client.invalidateQueries({ queryKey: [...dynamicBoardKeys.all, 'list'] });
    },
  });
}

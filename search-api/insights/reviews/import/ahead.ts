// An import's reviews analysed as soon as its file is checked, while its rows are staged and its job gets going: the
// job's chunks then take these analyses rather than reading their rows back and waiting for the analysis threads,
// which have worked on a core the staging left idle. Only this process's shortcut: a job run by another process, after
// a restart, for a rival renamed meanwhile or for an import past the bound below reads and analyses its rows itself,
// with the same result.
import { analysisPool } from '../../analysis/pool.ts';
import { analysedRowsJson, type AnalysisInput } from '../../analysis/stored.ts';

/** Reviews analysed ahead at most, over the imports whose jobs have not taken them (an analysis is about 1 kB). */
const MAX_AHEAD = 200_000;
/** Reviews per analysis request: a chunk waits only for the requests its rows are in, and the first come back first. */
const SLICE = 1_000;
/** Analyses no job has taken by then are dropped (the job ran in another process, or the import is gone). */
const KEEP_MS = 15 * 60_000;

type Ahead = {
  rivalNames: string[];
  /** A staged row's place in the file, which is the order its analysis came in. */
  places: Map<number, number>;
  slices: Promise<string[] | null>[];
  reviews: number;
  timer: NodeJS.Timeout;
};

const imports = new Map<number, Ahead>();
let held = 0;

/** Chunks that took analyses made ahead, and chunks that analysed their rows themselves (observable by tests). */
export const aheadStats = { taken: 0, missed: 0 };

export type AnalysingAhead = {
  /** The import was staged: its rows' ids, in the file's order. */
  staged(importId: number, rowIds: number[]): void;
  /** The import was not staged: nothing will take these analyses. */
  drop(): void;
};

/** Starts analysing a checked file's reviews; null when too many reviews are already held. */
export function analyseAhead(reviews: AnalysisInput[], rivalNames: string[]): AnalysingAhead | null {
  if (held + reviews.length > MAX_AHEAD) return null;
  held += reviews.length;
  const slices: Promise<string[] | null>[] = [];
  for (let i = 0; i < reviews.length; i += SLICE) {
    // A failed slice is analysed again by the chunks that need it.
    slices.push(analysisPool().analyse(reviews.slice(i, i + SLICE), rivalNames).catch(() => null));
  }
  return {
    staged(importId, rowIds) {
      const timer = setTimeout(() => forgetAhead(importId), KEEP_MS);
      timer.unref();
      imports.set(importId, { rivalNames, places: new Map(rowIds.map((id, i) => [id, i])), slices, reviews: reviews.length, timer });
    },
    drop() {
      held -= reviews.length;
    },
  };
}

/**
 * The analyses of these staged rows of the import as analysedRowsJson gives them, once made; null when they are not
 * all analysed ahead for these rival names.
 */
export async function takeAhead(importId: number, rowIds: number[], rivalNames: string[]): Promise<string | null> {
  const ahead = imports.get(importId);
  if (!ahead || ahead.rivalNames.join('\n') !== rivalNames.join('\n')) return missed();
  const analyses: string[] = [];
  for (const id of rowIds) {
    const place = ahead.places.get(id);
    if (place === undefined) return missed();
    const slice = await ahead.slices[Math.floor(place / SLICE)];
    if (!slice) return missed();
    analyses.push(slice[place % SLICE]);
  }
  aheadStats.taken++;
  return analysedRowsJson(rowIds, analyses);
}

function missed(): null {
  aheadStats.missed++;
  return null;
}

/** Lets go of an import's analyses (its job ended). */
export function forgetAhead(importId: number): void {
  const ahead = imports.get(importId);
  if (!ahead) return;
  clearTimeout(ahead.timer);
  imports.delete(importId);
  held -= ahead.reviews;
}

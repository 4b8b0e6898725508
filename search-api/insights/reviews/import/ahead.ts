// An import's reviews analysed as soon as they are checked, while the rest of the file is checked, its rows are staged
// and its job gets going: the job's chunks then take these analyses rather than reading their rows back and waiting
// for the analysis threads, which have worked on a core the checking and the staging left idle. Only this process's
// shortcut: a job run by another process, after a restart, for a rival renamed meanwhile or for rows past the bound
// below reads and analyses its rows itself, with the same result.
import { analysisPool } from '../../analysis/pool.ts';
import { analysedRowsJson, type AnalysisInput } from '../../analysis/stored.ts';

/** Reviews analysed ahead at most, over the imports whose jobs have not taken them (an analysis is about 1 kB). */
const MAX_AHEAD = 200_000;
/** Reviews per analysis request: a chunk waits only for the requests its rows are in, and the first come back first. */
const SLICE = 1_000;
/** Analyses no job has taken by then are dropped (the job ran in another process, or the import is gone). */
const KEEP_MS = 15 * 60_000;

/** Reviews of the file from `start` on, in its order, analysed as they were checked; null when not analysed here. */
type Slice = { start: number; analyses: Promise<string[] | null> };

type Ahead = {
  rivalNames: string[];
  /** A staged row's place in the file, which is the order its analysis came in. */
  places: Map<number, number>;
  slices: Slice[];
  /** Reviews of these slices analysed, counted in `held`. */
  analysed: number;
  timer: NodeJS.Timeout;
};

const imports = new Map<number, Ahead>();
let held = 0;

/** Chunks that took analyses made ahead, and chunks that analysed their rows themselves (observable by tests). */
export const aheadStats = { taken: 0, missed: 0 };

export type AnalysingAhead = {
  /** The next reviews of the file, checked: sent to the analysis threads at once, while the bound allows. */
  add(reviews: AnalysisInput[]): void;
  /** The import was staged: its rows' ids, in the file's order. */
  staged(importId: number, rowIds: number[]): void;
  /** The import was not staged: nothing will take these analyses. */
  drop(): void;
};

/** Analyses a file's reviews as they are checked, for the import's job to take once it is staged. */
export function analyseAhead(rivalNames: string[]): AnalysingAhead {
  const slices: Slice[] = [];
  let added = 0;
  let analysed = 0;
  return {
    add(reviews) {
      for (let i = 0; i < reviews.length; i += SLICE) {
        const part = reviews.slice(i, i + SLICE);
        // Past the bound, the job's chunks analyse these rows themselves; a failed slice likewise.
        const withinBound = held + part.length <= MAX_AHEAD;
        if (withinBound) {
          held += part.length;
          analysed += part.length;
        }
        slices.push({ start: added, analyses: withinBound ? analysisPool().analyse(part, rivalNames).catch(() => null) : Promise.resolve(null) });
        added += part.length;
      }
    },
    staged(importId, rowIds) {
      const timer = setTimeout(() => forgetAhead(importId), KEEP_MS);
      timer.unref();
      imports.set(importId, { rivalNames, places: new Map(rowIds.map((id, i) => [id, i])), slices, analysed, timer });
    },
    drop() {
      held -= analysed;
    },
  };
}

/** The slice holding a place in the file (slices are in file order). */
function sliceAt(slices: Slice[], place: number): Slice {
  let lo = 0;
  let hi = slices.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (slices[mid].start <= place) lo = mid;
    else hi = mid - 1;
  }
  return slices[lo];
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
    const slice = sliceAt(ahead.slices, place);
    const made = await slice.analyses;
    if (!made) return missed();
    analyses.push(made[place - slice.start]);
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
  held -= ahead.analysed;
}

// What changed between two visits of a monitored page, word by word. The comparison forms decide what changed (a new
// date or view count is no change), the displayed lines say it. Blocks are matched first (a long page with a few
// edits is a few changed stretches), then the words of each changed stretch; unchanged blocks shrink to one block of
// context on each side of a change.
import { diffArrays } from 'diff';
import { sentencesOf } from '../intel/summarize.ts';
import type { PageText } from './extract.ts';

export type PageSide = Pick<PageText, 'blocks' | 'comparable'>;
/** A piece of the displayed diff; each block's text ends with "\n", and `{ kind: 'same', text: '…' }` stands for unchanged blocks left out. */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };
export type PageDiff = {
  parts: DiffPart[];
  /** Whole sentences of the new visit holding added words, and of the old one holding removed words (for the item's summary). */
  addedSentences: string[];
  removedSentences: string[];
  /** Words added plus words removed. */
  changedWords: number;
  /** changedWords over the words of both visits: 0 when nothing changed, 1 when every word did. */
  ratio: number;
};

/** Unchanged blocks shown before and after each change. */
const CONTEXT_BLOCKS = 1;
export const ELLIPSIS = '…';
/**
 * Above this many words in one changed stretch, or this many word edits, its blocks are shown as removed and added
 * whole: a rewrite reads no better word by word, and the word diff's cost grows with words × edits.
 */
const MAX_STRETCH_WORDS = 5_000;
const MAX_WORD_EDITS = 500;
/** Sentences kept per side for the summary: a rewritten page needs no more. */
const MAX_SENTENCES = 50;

type Token = { text: string; cmp: string; block: number; start: number };
/** Ends each block's tokens, so blocks stay apart in a word diff. */
const BREAK = '\n';

export function diffPage(before: PageSide, after: PageSide): PageDiff {
  const parts: DiffPart[] = [];
  const added = new Sentences(after.blocks);
  const removed = new Sentences(before.blocks);
  let changedWords = 0;
  let b = 0;
  let a = 0;
  const changes = diffArrays(before.comparable, after.comparable);
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (!change.added && !change.removed) {
      sameBlocks(parts, after.blocks.slice(a, a + change.count), i > 0, i < changes.length - 1);
      a += change.count;
      b += change.count;
      continue;
    }
    // A changed stretch: the removed run and the added run next to it.
    let bEnd = b;
    let aEnd = a;
    for (; i < changes.length && (changes[i].added || changes[i].removed); i++) {
      if (changes[i].removed) bEnd += changes[i].count;
      else aEnd += changes[i].count;
    }
    i--;
    changedWords += changedStretch(parts, tokens(before, b, bEnd), tokens(after, a, aEnd), removed, added);
    b = bEnd;
    a = aEnd;
  }
  const words = wordCount(before.blocks) + wordCount(after.blocks);
  return {
    parts: parts.some((p) => p.kind !== 'same') ? parts : [],
    addedSentences: added.found(),
    removedSentences: removed.found(),
    changedWords,
    ratio: words ? changedWords / words : 0,
  };
}

/** A change worth an intel item: at least `minWords` words, or at least `minRatio` of the page (a price on a short page). */
export function isSignificant(d: Pick<PageDiff, 'changedWords' | 'ratio'>, { minWords = 3, minRatio = 0.002 } = {}): boolean {
  return d.changedWords > 0 && (d.changedWords >= minWords || d.ratio >= minRatio);
}

/** Unchanged blocks between changes (or before the first, after the last): their context, the rest as an ellipsis. */
function sameBlocks(parts: DiffPart[], blocks: string[], afterChange: boolean, beforeChange: boolean): void {
  const head = afterChange ? Math.min(CONTEXT_BLOCKS, blocks.length) : 0;
  const tail = beforeChange ? Math.min(CONTEXT_BLOCKS, blocks.length - head) : 0;
  for (const block of blocks.slice(0, head)) push(parts, 'same', `${block}\n`);
  if (head + tail < blocks.length) parts.push({ kind: 'same', text: ELLIPSIS });
  for (const block of blocks.slice(blocks.length - tail)) push(parts, 'same', `${block}\n`);
}

/** The words of blocks from..to, each block ended by a BREAK token; readable and comparison forms word for word. */
function tokens(side: PageSide, from: number, to: number): Token[] {
  const out: Token[] = [];
  for (let block = from; block < to; block++) {
    const texts = side.blocks[block].split(' ');
    const cmps = side.comparable[block].split(' ');
    let start = 0;
    for (let k = 0; k < texts.length; k++) {
      out.push({ text: texts[k], cmp: cmps[k] ?? texts[k], block, start });
      start += texts[k].length + 1;
    }
    out.push({ text: BREAK, cmp: BREAK, block, start: -1 });
  }
  return out;
}

/** The parts of a changed stretch; returns its changed words. */
function changedStretch(parts: DiffPart[], old: Token[], now: Token[], removed: Sentences, added: Sentences): number {
  const small = old.length + now.length <= MAX_STRETCH_WORDS;
  const edits = small ? diffArrays(old, now, { comparator: (l, r) => l.cmp === r.cmp, maxEditLength: MAX_WORD_EDITS }) : undefined;
  const runs = edits ?? [
    { removed: true, added: false, value: old, count: old.length },
    { removed: false, added: true, value: now, count: now.length },
  ];
  let changed = 0;
  let oldAt = 0;
  let nowAt = 0;
  for (const run of runs) {
    // A common run reads as the new visit has it (its dates and counters as they are now).
    const value = run.removed ? old.slice(oldAt, oldAt + run.count) : now.slice(nowAt, nowAt + run.count);
    const kind = run.added ? 'added' : run.removed ? 'removed' : 'same';
    if (!run.added) oldAt += run.count;
    if (!run.removed) nowAt += run.count;
    for (const t of value) {
      const last = parts.at(-1)?.text;
      const space = t.text !== BREAK && last !== undefined && !last.endsWith(BREAK) && last !== ELLIPSIS ? ' ' : '';
      push(parts, kind, space + t.text);
      if (kind === 'same' || t.text === BREAK) continue;
      changed++;
      (kind === 'added' ? added : removed).mark(t);
    }
  }
  return changed;
}

/** Appends text to the last part when it is of the same kind. */
function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  const last = parts.at(-1);
  if (last && last.kind === kind && last.text !== ELLIPSIS) last.text += text;
  else parts.push({ kind, text });
}

/** Words of blocks whose words are one space apart, counted without splitting a megabyte of text. */
function wordCount(blocks: readonly string[]): number {
  let n = 0;
  for (const block of blocks) {
    if (!block) continue;
    n++;
    for (let at = block.indexOf(' '); at >= 0; at = block.indexOf(' ', at + 1)) n++;
  }
  return n;
}

/** The sentences of one visit's blocks that hold a changed word, in page order, each once. */
class Sentences {
  private readonly marked = new Map<number, Set<number>>();
  constructor(private readonly blocks: readonly string[]) {}

  mark(t: Token): void {
    let starts = this.marked.get(t.block);
    if (!starts) this.marked.set(t.block, (starts = new Set()));
    starts.add(t.start);
  }

  found(): string[] {
    const out = new Set<string>();
    for (const block of [...this.marked.keys()].sort((x, y) => x - y)) {
      const text = this.blocks[block];
      const starts = this.marked.get(block)!;
      let cursor = 0;
      for (const sentence of sentencesOf(text)) {
        const from = text.indexOf(sentence, cursor);
        const to = from + sentence.length;
        cursor = to;
        if ([...starts].some((s) => s >= from && s < to)) out.add(sentence);
        if (out.size >= MAX_SENTENCES) return [...out];
      }
    }
    return [...out];
  }
}

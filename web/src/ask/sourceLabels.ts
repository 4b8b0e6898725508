// The labels of an answer's source chips (part 3 §2.4 sources footer). Sources often share most of
// their title ("How we lose to Vantapoint", "How we lose to Clearmetric"): each label marks the words
// that set its title apart from the others (`key`, shown in bold) from the words it shares with them
// (`lead` before and `tail` after, shown quietly), and a label too long for a chip gives up shared
// words first and only then the middle of its own part. The chip's tooltip keeps the whole title.

export type SourceLabel = { lead: string; key: string; tail: string };

/** About what two lines of a chip hold. */
export const SOURCE_LABEL_MAX = 44;
const ELLIPSIS = '…';

const wordsOf = (title: string) => title.trim().split(/\s+/).filter(Boolean);
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

function sharedPrefix(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && same(a[n], b[n])) n++;
  return n;
}

function sharedSuffix(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && same(a[a.length - 1 - n], b[b.length - 1 - n])) n++;
  return n;
}

/** `text` cut in the middle to `max` characters, keeping its start and its end. */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return ELLIPSIS;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${text.slice(0, head).trimEnd()}${ELLIPSIS}${tail > 0 ? text.slice(-tail).trimStart() : ''}`;
}

/** Shared words shortened to their first (or, for a tail, last) word. */
const shortLead = (words: string[]) => (words.length > 1 ? `${words[0]}${ELLIPSIS}` : words.join(' '));
const shortTail = (words: string[]) => (words.length > 1 ? `${ELLIPSIS}${words[words.length - 1]}` : words.join(' '));
const lengthOf = (l: SourceLabel) => [l.lead, l.key, l.tail].filter(Boolean).join(' ').length;

/** A label per title, in order. */
export function sourceLabels(titles: string[], max = SOURCE_LABEL_MAX): SourceLabel[] {
  const words = titles.map(wordsOf);
  return words.map((own, i) => {
    let lead = 0;
    let tail = 0;
    words.forEach((other, j) => {
      if (j === i) return;
      const p = sharedPrefix(own, other);
      const s = sharedSuffix(own, other);
      // A title that is all shared words (the same title, or the start of a longer one) keeps them all.
      if (p < own.length) lead = Math.max(lead, p);
      if (s < own.length) tail = Math.max(tail, s);
    });
    tail = Math.max(0, Math.min(tail, own.length - lead - 1));
    const parts = { lead: own.slice(0, lead), key: own.slice(lead, own.length - tail), tail: own.slice(own.length - tail) };
    const label: SourceLabel = { lead: parts.lead.join(' '), key: parts.key.join(' '), tail: parts.tail.join(' ') };
    if (lengthOf(label) <= max) return label;
    label.lead = shortLead(parts.lead);
    if (lengthOf(label) <= max) return label;
    label.tail = shortTail(parts.tail);
    const room = max - lengthOf({ ...label, key: '' }) - (label.lead || label.tail ? 1 : 0);
    return { ...label, key: truncateMiddle(label.key, Math.max(room, 8)) };
  });
}

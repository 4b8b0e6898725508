// Drafting positioning statements from the company's approved files (part 3 §4.7): without a model, extractive —
// sentences of the passages that state value, audience, differentiation or proof, picked by the cues below; with the
// model Ask uses, statements it writes from numbered passages, kept only when they cite one. Pure, apart from the call.
import type { PositioningKind } from '../../contracts/knowledgeHub.ts';
import { citationsIn, PASSAGE_CHARS, type ChatMessage } from '../ask/llm.ts';

export type DraftPassage = { fileId: number; seq: number; title: string; text: string };
/** A drafted statement and the passages it came from (`fileId:seq`). */
export type DraftedStatement = { kind: PositioningKind; text: string; sources: string[] };

/** How many statements of each kind a draft writes, in the order the checklist shows them. */
export const DRAFT_LIMITS: Record<PositioningKind, number> = { value_proposition: 1, ideal_customer: 1, differentiator: 4, proof_point: 4 };

/**
 * The cues of each kind; a sentence scores one per cue it matches and needs `min` to count. Proof wants a figure and
 * what it measures, or named customers; differentiation a contrast word; value a benefit verb and an outcome; the
 * ideal customer a "built for" phrase and who.
 */
const CUES: Record<PositioningKind, { min: number; cues: RegExp[] }> = {
  proof_point: {
    min: 2,
    cues: [
      /\d/,
      /%|\b\d+(?:\.\d+)?x\b|\b(?:customers?|clients?|hours?|days?|weeks?|ROI|uptime|saved|rating)\b/i,
      /\b(?:customers?|clients?|companies) (?:such as|like|including)\b|\b[A-Z][a-z]+ (?:Bank|Health|Group|Retail|Insurance|Foods|Logistics)\b|\bcase study\b/,
    ],
  },
  differentiator: {
    min: 1,
    cues: [/\b(?:only|unlike|unique(?:ly)?|patent(?:ed)?|no other|instead of|compared (?:to|with)|better than|versus|vs\.)\b/i, /\bfirst\b/i],
  },
  ideal_customer: {
    min: 2,
    cues: [
      /\b(?:built|designed|made) for\b|\bideal (?:for|customers?)\b|\bbest fit\b|\bour customers are\b|\bwe serve\b/i,
      /\b(?:teams?|companies|enterprises?|organi[sz]ations|leaders|analysts|departments|mid-?market|industr(?:y|ies))\b/i,
    ],
  },
  value_proposition: {
    min: 2,
    cues: [
      /\b(?:helps?|enables?|lets?|turns?|gives?|so (?:that|you))\b/i,
      /\b(?:faster|save[sd]?|reduc\w*|increas\w*|improv\w*|without|in minutes|in one place|answers?|decisions?)\b/i,
    ],
  },
};
const KIND_ORDER: PositioningKind[] = ['value_proposition', 'ideal_customer', 'differentiator', 'proof_point'];
/** The most specific kinds pick first, so that a sentence with a figure is proof rather than value. */
const PICK_ORDER: PositioningKind[] = ['proof_point', 'differentiator', 'ideal_customer', 'value_proposition'];

export const cueScore = (kind: PositioningKind, sentence: string): number => {
  const { min, cues } = CUES[kind];
  const n = cues.filter((c) => c.test(sentence)).length;
  return n >= min ? n : 0;
};

/** Sentences of a text: split after . ! ? before a capital or digit; a statement is 25–300 characters. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["“A-Z0-9])|\n+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 25 && s.length <= 300);
}

/** The extractive draft: the best-scoring sentences of each kind, each sentence used once, in passage order on ties. */
export function extractiveDraft(passages: DraftPassage[]): DraftedStatement[] {
  const sentences: { text: string; source: string; order: number }[] = [];
  const seen = new Set<string>();
  for (const p of passages)
    for (const text of sentencesOf(p.text)) {
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      sentences.push({ text, source: `${p.fileId}:${p.seq}`, order: sentences.length });
    }
  const used = new Set<number>();
  const picked: DraftedStatement[] = [];
  for (const kind of PICK_ORDER) {
    const ranked = sentences
      .filter((s) => !used.has(s.order))
      .map((s) => ({ s, score: cueScore(kind, s.text) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || a.s.order - b.s.order)
      .slice(0, DRAFT_LIMITS[kind]);
    for (const { s } of ranked) {
      used.add(s.order);
      picked.push({ kind, text: s.text, sources: [s.source] });
    }
  }
  return picked.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

const LINE_KINDS: Record<string, PositioningKind> = { VALUE: 'value_proposition', CUSTOMER: 'ideal_customer', DIFFERENTIATOR: 'differentiator', PROOF: 'proof_point' };

export function draftMessages(companyName: string, passages: DraftPassage[]): ChatMessage[] {
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text.slice(0, PASSAGE_CHARS)}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        `You draft the positioning of ${companyName} from its own documents, using only the numbered passages. ` +
        'Write one value proposition, one ideal customer profile, up to four differentiators and up to four proof points (figures, named customers). ' +
        'Put each on its own line as KIND: statement [n], KIND one of VALUE, CUSTOMER, DIFFERENTIATOR, PROOF, citing the passages it comes from as [n]. ' +
        'Plain text, one sentence each, in English; nothing else.',
    },
    { role: 'user', content: `Passages:\n\n${numbered}` },
  ];
}

/** The statements of a model's answer: lines of a known kind citing at least one of the n passages, within the limits. */
export function parseModelDraft(answer: string, passages: DraftPassage[]): DraftedStatement[] {
  const out: DraftedStatement[] = [];
  for (const line of answer.split('\n')) {
    const m = /^\s*[-*]?\s*(VALUE|CUSTOMER|DIFFERENTIATOR|PROOF)\s*:\s*(.+)$/i.exec(line);
    if (!m) continue;
    const kind = LINE_KINDS[m[1].toUpperCase()];
    const cited = citationsIn(m[2], passages.length);
    if (!cited || out.filter((s) => s.kind === kind).length >= DRAFT_LIMITS[kind]) continue;
    const text = cited.text.replace(/\s*\[\d+\]/g, '').trim();
    if (text) out.push({ kind, text, sources: cited.cited.map((k) => `${passages[k - 1].fileId}:${passages[k - 1].seq}`) });
  }
  return out.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

// The reason tagger of interview passages (issue #57): which reasons of the company's taxonomy a buyer's passage gives.
// Words are read by the reviews' model (insights/analysis/model.ts `lexeme`, memoized) as stems, so "integrations",
// "integrating" and "integrate" meet one cue (its lemmas of a word alone are uneven: "app" → "application", "apps").
// A reason matches a passage when the passage holds every content word of the reason's name, or a cue of a concept
// the name names (a small lexicon of what buyers say for common reasons: a taxonomy says "Integrations and
// connectors", a buyer says "the API" or "their Snowflake connector").
import type { DealOutcome, ReasonKind } from '../../contracts/deals.ts';
import { polarityOf } from '../../contracts/reviews.ts';
import { lexeme, nlp, type Pipeline } from '../insights/analysis/model.ts';

export type TaggableReason = { id: number; kind: ReasonKind; name: string };
export type TaggedPassage = { text: string; isBuyer: boolean; sentiment: number; namesRival: boolean };

/**
 * Reason concepts: `keys` are words a reason's name may hold to mean the concept, `cues` what a buyer says for it
 * (words or phrases, read as stems).
 */
const CONCEPTS: { keys: string[]; cues: string[] }[] = [
  {
    keys: ['price', 'pricing', 'cost', 'expensive', 'tco'],
    cues: ['price', 'pricing', 'priced', 'cost', 'costs', 'expensive', 'cheaper', 'cheap', 'affordable', 'discount', 'per seat', 'licensing', 'tco', 'quote', 'overpriced', 'pricey'],
  },
  { keys: ['budget', 'funding'], cues: ['budget', 'funding', 'spending freeze', 'hiring freeze', 'no money', 'cut our spend', 'defunded', 'unfunded'] },
  {
    keys: ['integration', 'integrations', 'connector', 'connectors', 'api'],
    cues: ['integration', 'integrations', 'integrate', 'connector', 'connectors', 'api', 'apis', 'webhook', 'sdk', 'plug into', 'hook into', 'native connection'],
  },
  {
    keys: ['ease', 'easy', 'usability', 'intuitive', 'friendly'],
    cues: ['easy', 'easier', 'intuitive', 'ease of use', 'user friendly', 'learning curve', 'clunky', 'confusing', 'straightforward', 'simple to use', 'self explanatory'],
  },
  {
    keys: ['onboarding', 'time to value', 'implementation', 'rollout'],
    cues: ['time to value', 'onboarding', 'up and running', 'go live', 'went live', 'implementation', 'rollout', 'rolled out', 'first dashboard', 'in a week', 'within a week', 'in two weeks', 'in days'],
  },
  {
    keys: ['relationship', 'executive', 'partnership'],
    cues: ['relationship', 'account team', 'executive sponsor', 'trust', 'partnership', 'your ceo', 'their ceo', 'our cfo', 'exec', 'executives', 'knew us'],
  },
  { keys: ['champion', 'sponsor', 'advocate'], cues: ['champion', 'advocate', 'sponsor left', 'left the company', 'reorg', 'lost our sponsor', 'nobody internally', 'no one internally'] },
  { keys: ['embedded', 'embed', 'white label'], cues: ['embed', 'embedded', 'embedding', 'white label', 'white labeled', 'iframe', 'inside our product', 'customer portal'] },
  { keys: ['ai', 'assistant', 'copilot'], cues: ['ai', 'assistant', 'copilot', 'natural language', 'ask questions in plain english', 'llm', 'genai'] },
  {
    keys: ['security', 'governance', 'compliance'],
    cues: ['security', 'secure', 'governance', 'compliance', 'compliant', 'soc 2', 'gdpr', 'hipaa', 'sso', 'audit trail', 'row level', 'permissions', 'lineage'],
  },
  { keys: ['procurement', 'legal', 'contract'], cues: ['procurement', 'legal', 'lawyers', 'contract', 'redlines', 'msa', 'terms and conditions', 'vendor onboarding', 'purchasing'] },
  { keys: ['reference', 'references', 'testimonial'], cues: ['reference', 'references', 'reference call', 'case study', 'customers like us', 'peers', 'other customers', 'testimonial'] },
  {
    keys: ['performance', 'scale', 'speed', 'slow'],
    cues: ['performance', 'slow', 'slower', 'latency', 'scale', 'at scale', 'timed out', 'time out', 'timeouts', 'lag', 'laggy', 'billion rows', 'large datasets', 'faster queries'],
  },
  {
    keys: ['missing', 'feature', 'features', 'gap', 'capability'],
    cues: ['missing', 'feature', 'features', 'gap', 'gaps', 'capability', 'lacked', 'lacks', 'lacking', 'did not have', 'does not support', 'did not support', 'not on the roadmap', 'roadmap'],
  },
  {
    keys: ['incumbent', 'existing vendor', 'status quo'],
    cues: ['incumbent', 'already had', 'already using', 'already paying', 'existing vendor', 'stay with', 'stayed with', 'rip and replace', 'switching cost', 'status quo', 'standardized on', 'renewed with'],
  },
  { keys: ['support', 'service', 'success'], cues: ['support', 'support team', 'customer success', 'responsive', 'helpdesk', 'ticket', 'tickets', 'service'] },
];

const WORD = /[\p{L}\p{N}]+/gu;
/** How a buyer speaks of the rival they chose without naming it. */
const THIRD_PERSON = /\b(they|their|them|theirs)\b/i;

/** A text's words as stems, "n't" read as "not". */
export function stemsOf(p: Pipeline, text: string): string[] {
  const words = text.toLowerCase().replace(/n['’]t\b/g, ' not').match(WORD) ?? [];
  return words.map((w) => lexeme(p, w).stem);
}

const containsRun = (words: string[], run: string[]) => {
  outer: for (let i = 0; i + run.length <= words.length; i++) {
    for (let j = 0; j < run.length; j++) if (words[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
};

type Matcher = { id: number; kind: ReasonKind; nameWords: string[]; cues: string[][] };

/** The kinds of reasons a deal's outcome is explained by: both for churn and other, and for an open deal. */
export const reasonKindsFor = (outcome: DealOutcome | null): ReasonKind[] => (outcome === 'win' ? ['win'] : outcome === 'loss' ? ['loss'] : ['win', 'loss']);

/** A tagger for one company's taxonomy: build it once per transcript (or per seed run) and tag every passage. */
export function reasonTagger(reasons: readonly TaggableReason[]) {
  const p = nlp();
  const matchers: Matcher[] = reasons.map((r) => {
    const nameStems = stemsOf(p, r.name);
    const nameWords = (r.name.toLowerCase().match(WORD) ?? []).filter((w) => !lexeme(p, w).stopWord).map((w) => lexeme(p, w).stem);
    const named = (key: string) => containsRun(nameStems, stemsOf(p, key));
    const cues = CONCEPTS.filter((c) => c.keys.some(named)).flatMap((c) => c.cues.map((cue) => stemsOf(p, cue)));
    return { id: r.id, kind: r.kind, nameWords, cues };
  });

  /**
   * The reason ids the passage gives, in taxonomy order: only a buyer's passage, only reasons of `kinds`, and only
   * where its lean agrees: a win reason is no reason in a passage that leans negative, and a loss reason none in one
   * that leans positive unless it talks of a rival, by name or as "they" (praise of the rival is how a buyer says why
   * we lost).
   */
  return (passage: TaggedPassage, kinds: readonly ReasonKind[]): number[] => {
    if (!passage.isBuyer) return [];
    const lean = polarityOf(passage.sentiment);
    const words = stemsOf(p, passage.text);
    const ofRival = passage.namesRival || THIRD_PERSON.test(passage.text);
    const present = new Set(words);
    return matchers
      .filter((m) => kinds.includes(m.kind))
      .filter((m) => (m.kind === 'win' ? lean !== 'negative' : lean !== 'positive' || ofRival))
      .filter((m) => (m.nameWords.length > 0 && m.nameWords.every((w) => present.has(w))) || m.cues.some((cue) => containsRun(words, cue)))
      .map((m) => m.id);
  };
}

// Which rivals and which of the company's topics a new intel item speaks of. Rivals are matched as Ask matches them in
// a question (whole words, any case, a name inside a longer matched one not counted), by name or alias; topics as
// intel search matches words: through the intel index's English analyzer (lower case, folding, stop words, Porter
// stems) and the company's synonyms.
import { buildAnalyzer, type Analyzer } from '../../engine/embedded/analysis/analysis.ts';
import { analysisSettings } from '../../documents/analysis.ts';
import { namedRivals } from '../ask/rivals.ts';
import { concepts, type Thesaurus } from '../search/text.ts';

export type RivalNames = { id: number; name: string; aliases: string[] };

/** The ids of the rivals the text names (by name or alias), in the order given. */
export function rivalsMentioned(text: string, rivals: readonly RivalNames[]): number[] {
  const names = rivals.flatMap((r) => [r.name, ...r.aliases].map((name) => ({ id: r.id, name })));
  const found = new Set(namedRivals(text, names).map((n) => n.id));
  return rivals.filter((r) => found.has(r.id)).map((r) => r.id);
}

let analyzer: Analyzer | undefined;
/** The analyzer of intel's text fields (documents/intel.ts maps them to rs_english). */
const english = () => (analyzer ??= buildAnalyzer('rs_english', analysisSettings));

/**
 * The topics the text speaks of, in the order given: the topic's concepts (a phrase the synonyms know, else each word)
 * in a row, each as written or as one of its synonyms ("SSO pricing" finds "SAML price"). In a row, because a long
 * page holds most pairs of words somewhere.
 */
export function topicsMentioned(text: string, topics: readonly string[], synonyms: Thesaurus): string[] {
  const terms = english().terms(text);
  return topics.filter((topic) => {
    // Each concept as the term sequences that stand for it.
    const forms = concepts(topic, synonyms)
      .map((c) => [c.text, ...c.alternatives].map((phrase) => english().terms(phrase)).filter((t) => t.length > 0))
      .filter((f) => f.length > 0);
    const from = (at: number, k: number): boolean =>
      k === forms.length || forms[k].some((seq) => seq.every((t, j) => terms[at + j] === t) && from(at + seq.length, k + 1));
    return forms.length > 0 && terms.some((_, at) => from(at, 0));
  });
}

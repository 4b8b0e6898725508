// Which rivals and which of the company's topics a new intel item speaks of. Rivals are matched as Ask matches them in
// a question (whole words, any case, a name inside a longer matched one not counted), by name or alias; topics as
// intel search matches words: through the intel index's English analyzer (lower case, folding, stop words, Porter
// stems) and the company's synonyms, a topic's words next to each other (a long page holds any few words somewhere).
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
 * The topics the text speaks of, in the order given: every concept of the topic (a phrase the synonyms know, else
 * each word) appears in the text, as its words in a row or as one of its synonyms.
 */
export function topicsMentioned(text: string, topics: readonly string[], synonyms: Thesaurus): string[] {
  const terms = ` ${english().terms(text).join(' ')} `;
  const appears = (phrase: string) => {
    const t = english().terms(phrase);
    return t.length > 0 && terms.includes(` ${t.join(' ')} `);
  };
  return topics.filter((topic) => {
    const cs = concepts(topic, synonyms);
    return cs.length > 0 && cs.every((c) => appears(c.text) || c.alternatives.some(appears));
  });
}

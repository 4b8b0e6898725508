// Sections written by the OpenAI-compatible model Ask uses (LLM_BASE_URL): grounded on the sources the extractive
// composition cited for the same reader's scope, numbered as it numbered them, and checked so that every [n] points
// at one of them (markers naming none are dropped; a text citing none is not grounded, and the extractive section
// stays). The text streams into the section's row while it is written, so a reader watching the page sees it come.
// Sections are made per reader's language: the model is asked to write in it (the instructions stay English, the
// language models follow best; the sources are quoted as their authors wrote them).
import type { GeneratedSectionData, LandingCitation, LandingSectionType } from '../../contracts/landing.ts';
import { citationsIn, PASSAGE_CHARS, streamChat, type ChatMessage, type LlmConfig } from '../ask/llm.ts';
import { sectionData } from './compose.ts';
import { languageName, type ReaderLanguage } from '../strings/index.ts';
import type { LandingSource } from './sources.ts';

/** One call's limit: a model that hangs must not hold up the job. */
const CALL_TIMEOUT_MS = 90_000;
/** How often the text written so far is stored while it streams. */
export const STREAM_WRITE_MS = 700;

const TASK: Record<LandingSectionType, (rival: string, company: string) => string> = {
  overview: (rival) =>
    `Write the overview of ${rival} that a seller reads before a call: what ${rival} sells and to whom, its key facts, its customers and market, ` +
    'how it sells, what buyers say about it and its latest news. About 150 to 220 words.',
  how_we_compare: (rival, company) =>
    `Write how ${company} compares with ${rival} for a seller: where we meet them, where ${rival} is strong, where it is weak, what we bring, ` +
    `how we win, the landmine questions to ask the prospect, and win/loss themes. ${company}'s side is the sources of type positioning ` +
    'and product: set them against what the other sources say about the rival. About 150 to 220 words.',
  whats_new: (rival) => `Summarise what changed about ${rival} in the last 30 days, newest first, in at most 120 words.`,
};

export function sectionMessages(type: LandingSectionType, rival: string, company: string, sources: LandingSource[], language: ReaderLanguage): ChatMessage[] {
  const numbered = sources.map((s, i) => `[${i + 1}] (${s.type}) ${s.title}\n${s.text.slice(0, PASSAGE_CHARS)}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        `You write one section of ${company}'s competitive-intelligence page about ${rival}. Use only the numbered sources; add nothing ` +
        'they do not say. After each statement, cite the sources it comes from as [n]. Format: short paragraphs, "### " headings, ' +
        '"- " bullets and **bold** only; no links, tables or preamble. ' +
        `Write in ${languageName(language)}, whatever the language of the sources; keep names and quoted figures as they are.`,
    },
    { role: 'user', content: `${TASK[type](rival, company)}\n\nSources:\n\n${numbered}` },
  ];
}

/** Headings of any level become the page's one level; the model's text is otherwise kept as written. */
const toSubset = (text: string) => text.replace(/^#{1,6}\s+/gm, '### ').trim();

/**
 * The section as the model writes it from `sources` (the extractive draft's citations, in order), or null when the
 * model failed or cited none of them. `partial` receives the text so far, at most every STREAM_WRITE_MS.
 */
export async function writeSection(
  llm: LlmConfig,
  type: LandingSectionType,
  names: { rival: string; company: string; language: ReaderLanguage },
  draft: GeneratedSectionData,
  sources: LandingSource[],
  partial: (data: GeneratedSectionData) => Promise<void>,
): Promise<GeneratedSectionData | null> {
  let text = '';
  let last = Date.now();
  for await (const delta of streamChat(llm, sectionMessages(type, names.rival, names.company, sources, names.language), AbortSignal.timeout(CALL_TIMEOUT_MS))) {
    text += delta;
    if (Date.now() - last >= STREAM_WRITE_MS) {
      last = Date.now();
      await partial({ ...draft, markdown: toSubset(text) });
    }
  }
  const checked = citationsIn(toSubset(text), sources.length);
  if (!checked) return null;
  // Renumbered in order of first use, so the page's [n] count up from 1 and list only what is cited.
  const renumber = new Map(checked.cited.map((old, i) => [old, i + 1]));
  const citations: LandingCitation[] = checked.cited.map((old, i) => ({ ...draft.citations[old - 1], n: i + 1 }));
  return sectionData(checked.text.replace(/\[(\d{1,3})\]/g, (_, n: string) => `[${renumber.get(Number(n))}]`), citations);
}

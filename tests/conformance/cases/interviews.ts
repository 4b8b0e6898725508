// Conformance cases for the interviews index (documents/interviews.ts) under the interviews list's search
// (search-api/interviews/service.ts interviewSearch): every word in passages, the deal's name and account or its
// rivals; the deal and rival filters; latest first; the company scope; and the highlight that names the passages
// matched (fragments of passages, each within one passage, so it maps back to its number).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexDefinition, SearchEngine } from '../../../engine/port.ts';
import { interviewsIndex, type InterviewDoc } from '../../../documents/interviews.ts';
import { interviewSearch, markedSnippet } from '../../../search-api/interviews/service.ts';
import { plainFragment } from '../../../search-api/transcripts/matches.ts';
import { ids } from './shared.ts';

const LUMENARY = { id: 1, name: 'Lumenary' };

function interview(id: number, over: Partial<InterviewDoc>): InterviewDoc {
  return {
    id: String(id), interviewId: id, company_id: 1, dealId: id * 10, dealName: `Deal ${id}`, accountName: null, buyerRole: null, interviewer: 'Priya',
    passages: [], buyerPassages: [], rivals: [], rivalIds: [], outcome: 'loss', interviewedOn: '2026-01-01', ...over,
  };
}
const spoken = (...texts: string[]) => ({ passages: texts, buyerPassages: texts.filter((_, i) => i % 2 === 1) });

const INTERVIEWS: InterviewDoc[] = [
  interview(1, { ...spoken('What tipped it?', 'Their Snowflake connector was native and yours was not.', 'And pricing?', 'Pricing was fine.'), interviewedOn: '2026-03-10', rivals: [LUMENARY], rivalIds: [1] }),
  interview(2, { ...spoken('Why did you choose us?', 'The onboarding was quick and the connector catalogue broad.'), interviewedOn: '2026-04-01', outcome: 'win', accountName: 'Globex' }),
  interview(3, { ...spoken('Anything else?', 'The security review took far too long.'), interviewedOn: '2026-02-01', dealName: 'Initech renewal', rivals: [LUMENARY], rivalIds: [1] }),
  interview(4, { company_id: 2, ...spoken('What tipped it?', 'Their Snowflake connector was native.'), interviewedOn: '2026-05-01' }),
];

export function interviewConformance(prefix: string, engineOf: () => SearchEngine): void {
  describe('interviews index', () => {
    const def: IndexDefinition = { ...interviewsIndex, name: `${prefix}_interviews` };
    const search = (text: string, opts: { dealId?: number; rivalId?: number } = {}, companyId = 1) =>
      engineOf().search<Pick<InterviewDoc, 'interviewId'>>(def.name, {
        ...interviewSearch({ companyId }, text, { ...opts, from: 0, size: 20 }),
        sort: [{ interviewedOn: 'desc' }, { interviewId: 'desc' }],
      });

    beforeAll(async () => {
      const engine = engineOf();
      await engine.ensureIndex(def);
      const r = await engine.bulk(def.name, INTERVIEWS.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })), { refresh: true });
      expect(r.errors).toBe(false);
    }, 60_000);

    afterAll(async () => {
      const target = await engineOf().aliasTarget(def.name).catch(() => null);
      if (target) await engineOf().deleteIndex(target).catch(() => undefined);
    });

    it('finds every word across passages, latest first, within the company', async () => {
      expect(ids(await search('connector'))).toEqual(['2', '1']);
      expect(ids(await search('snowflake connector'))).toEqual(['1']);
      expect(ids(await search('snowflake connector', {}, 2))).toEqual(['4']);
      // Words of the deal, the account and the rivals count as the passages' do.
      expect(ids(await search('lumenary security'))).toEqual(['3']);
      expect(ids(await search('globex onboarding'))).toEqual(['2']);
      expect(ids(await search('initech'))).toEqual(['3']);
      expect(ids(await search('zeppelin'))).toEqual([]);
    });

    it('filters by deal and rival', async () => {
      expect(ids(await search('connector', { rivalId: 1 }))).toEqual(['1']);
      expect(ids(await search('connector', { dealId: 20 }))).toEqual(['2']);
    });

    it('marks fragments of the passages that matched, each within one passage, so they map back to their numbers', async () => {
      const [hit] = (await search('pricing')).hits;
      const doc = INTERVIEWS[0];
      const fragments = hit.highlight?.passages ?? [];
      // The passage each fragment lies in, by number (1-based, as the passages are stored).
      expect(fragments.map((f) => doc.passages.findIndex((p) => p.includes(plainFragment(f))) + 1)).toEqual([3, 4]);
      expect(markedSnippet(fragments[1])).toBe('<mark>Pricing</mark> was fine.');
    });
  });
}

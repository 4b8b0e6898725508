// Conformance cases for the files index (documents/files.ts) under unified search's files context
// (search-api/search/request.ts buildFileSearch): words of passages, titles and file names, typos forgiven in
// passages as in cards' text; the one visibility filter (drafts for curators, group-limited files for their groups,
// the company scope); files without passages left out; and the highlight fragment lying within one passage, so it maps
// back to the passage's seq.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexDefinition, SearchEngine } from '../../../engine/port.ts';
import { filesIndex, type FileDoc } from '../../../documents/files.ts';
import { audience } from '../../../documents/audiences.ts';
import { SearchQuery } from '../../../contracts/search.ts';
import { buildFileSearch } from '../../../search-api/search/request.ts';
import { concepts, thesaurusOf } from '../../../search-api/search/text.ts';
import { plainFragment } from '../../../search-api/transcripts/matches.ts';
import type { Viewer } from '../../../search-api/visibility/index.ts';
import { ids } from './shared.ts';

const everyone = (c: number) => [audience.curators(c), audience.everyone(c)];
function file(id: number, over: Partial<FileDoc>): FileDoc {
  return { id: String(id), fileId: id, company_id: 1, audiences: everyone(1), title: `File ${id}`, fileName: `file-${id}.pdf`, kind: 'pdf', productId: null, passages: [], ...over };
}

const FILES: FileDoc[] = [
  file(1, { title: 'Pricing sheet 2026', passages: ['Plans and prices.', 'The Quorvantix tier costs 49 euros per seat.', 'Billed yearly.'] }),
  file(2, { title: 'Security whitepaper', audiences: [audience.curators(1), audience.group(1, 7)], passages: ['Data is encrypted at rest.'] }),
  file(3, { title: 'Roadmap draft', audiences: [audience.curators(1)], passages: ['We ship Quorvantix analytics next.'] }),
  file(4, { company_id: 2, audiences: everyone(2), passages: ['The Quorvantix tier of another company.'] }),
  file(5, { title: 'Quorvantix brochure', passages: [] }),
  file(6, { title: 'Onboarding guide', fileName: 'quorvantix-onboarding.docx', kind: 'docx', passages: ['Start here.'] }),
];

const viewer = (over: Partial<Viewer>): Viewer => ({ companyId: 1, curator: false, visibilityGroupIds: [], previewGroupId: null, ...over });
const SELLER = viewer({});
const MEMBER = viewer({ visibilityGroupIds: [7] });
const CURATOR = viewer({ curator: true });

export function fileConformance(prefix: string, engineOf: () => SearchEngine): void {
  describe('files index', () => {
    const def: IndexDefinition = { ...filesIndex, name: `${prefix}_files` };
    const search = (query: string, v: Viewer) => {
      const p = SearchQuery.parse({ index: 'files', query, size: 100, sort: 'relevance' });
      return engineOf().search<Pick<FileDoc, 'fileId'>>(def.name, buildFileSearch(p, v, concepts(query, thesaurusOf([]))));
    };

    beforeAll(async () => {
      const engine = engineOf();
      await engine.ensureIndex(def);
      const r = await engine.bulk(def.name, FILES.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })), { refresh: true });
      expect(r.errors).toBe(false);
    }, 60_000);

    afterAll(async () => {
      const target = await engineOf().aliasTarget(def.name).catch(() => null);
      if (target) await engineOf().deleteIndex(target).catch(() => undefined);
    });

    it('scopes files by the viewer’s audiences and company, and leaves out files without passages', async () => {
      expect(ids(await search('quorvantix', SELLER)).sort()).toEqual(['1', '6']);
      expect(ids(await search('quorvantix', CURATOR)).sort()).toEqual(['1', '3', '6']);
      expect(ids(await search('encrypted', SELLER))).toEqual([]);
      expect(ids(await search('encrypted', MEMBER))).toEqual(['2']);
      expect(ids(await search('quorvantix', viewer({ companyId: 2 })))).toEqual(['4']);
    });

    it('finds words of titles and names, and forgives typos in passages', async () => {
      expect(ids(await search('whitepaper', CURATOR))).toEqual(['2']);
      expect(ids(await search('encrpyted', CURATOR))).toEqual(['2']);
      expect(ids(await search('yearly', SELLER))).toEqual(['1']);
    });

    it('marks a fragment within one passage, so it maps back to the passage', async () => {
      const [hit] = (await search('euros', SELLER)).hits;
      const fragment = hit.highlight?.passages?.[0] ?? '';
      expect(FILES[0].passages.findIndex((p) => p.includes(plainFragment(fragment))) + 1).toBe(2);
    });
  });
}

// Conformance cases for the files index (documents/files.ts) under unified search's files context
// (search-api/search/request.ts buildFileSearch): one document per passage, found by its words and its file's title
// and file name, typos forgiven as in cards' text; the one visibility filter (drafts for curators, group-limited files
// for their groups, the company scope); and the highlight on the passage's own text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexDefinition, SearchEngine } from '../../../engine/port.ts';
import { filesIndex, type FileDoc } from '../../../documents/files.ts';
import { audience } from '../../../documents/audiences.ts';
import { SearchQuery } from '../../../contracts/search.ts';
import { buildFileSearch } from '../../../search-api/search/request.ts';
import { concepts, thesaurusOf } from '../../../search-api/search/text.ts';
import type { Viewer } from '../../../search-api/visibility/index.ts';
import { ids } from './shared.ts';

const everyone = (c: number) => [audience.curators(c), audience.everyone(c)];
type FileSpec = Partial<Omit<FileDoc, 'id' | 'seq' | 'text'>> & { passages: string[] };
/** A file's passage documents: its fields copied into each, ids fileId × 10 + seq. */
function file(fileId: number, { passages, ...over }: FileSpec): FileDoc[] {
  return passages.map((text, i) => ({
    id: String(fileId * 10 + i + 1), fileId, seq: i + 1, company_id: 1, audiences: everyone(1), title: `File ${fileId}`, fileName: `file-${fileId}.pdf`,
    kind: 'pdf', productId: null, location: 'page', number: i + 1, label: null, text, ...over,
  }));
}

const DOCS: FileDoc[] = [
  ...file(1, { title: 'Pricing sheet 2026', passages: ['Plans and prices.', 'The Quorvantix tier costs 49 euros per seat.', 'Billed yearly.'] }),
  ...file(2, { title: 'Security whitepaper', audiences: [audience.curators(1), audience.group(1, 7)], passages: ['Data is encrypted at rest.'] }),
  ...file(3, { title: 'Roadmap draft', audiences: [audience.curators(1)], passages: ['We ship Quorvantix analytics next.'] }),
  ...file(4, { company_id: 2, audiences: everyone(2), passages: ['The Quorvantix tier of another company.'] }),
  ...file(6, { title: 'Onboarding guide', fileName: 'quorvantix-onboarding.docx', kind: 'docx', passages: ['Start here.'] }),
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
      return engineOf().search<Pick<FileDoc, 'fileId' | 'seq'>>(def.name, buildFileSearch(p, v, concepts(query, thesaurusOf([]))));
    };

    beforeAll(async () => {
      const engine = engineOf();
      await engine.ensureIndex(def);
      const r = await engine.bulk(def.name, DOCS.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })), { refresh: true });
      expect(r.errors).toBe(false);
    }, 60_000);

    afterAll(async () => {
      const target = await engineOf().aliasTarget(def.name).catch(() => null);
      if (target) await engineOf().deleteIndex(target).catch(() => undefined);
    });

    it('scopes passages by the viewer’s audiences and company', async () => {
      expect(ids(await search('quorvantix', SELLER)).sort()).toEqual(['12', '61']);
      expect(ids(await search('quorvantix', CURATOR)).sort()).toEqual(['12', '31', '61']);
      expect(ids(await search('encrypted', SELLER))).toEqual([]);
      expect(ids(await search('encrypted', MEMBER))).toEqual(['21']);
      expect(ids(await search('quorvantix', viewer({ companyId: 2 })))).toEqual(['41']);
    });

    it('finds a file’s passages by its title and name, and forgives typos in passages', async () => {
      expect(ids(await search('whitepaper', CURATOR))).toEqual(['21']);
      expect(ids(await search('encrpyted', CURATOR))).toEqual(['21']);
      expect(ids(await search('yearly', SELLER))).toEqual(['13']);
      // A title match finds every passage of the file, in their order on a tie.
      expect(ids(await search('pricing', SELLER))).toEqual(['11', '12', '13']);
    });

    it('marks the words found in the passage’s text', async () => {
      const [hit] = (await search('euros', SELLER)).hits;
      expect(hit.source.seq).toBe(2);
      expect(hit.highlight?.text?.[0]).toContain('euros');
    });
  });
}

// The knowledge hub's passages in search and Ask (issue #58): files and passages written to PostgreSQL reach the files
// index (one document per passage) through the outbox triggers (documents/files.sql) and the indexer; GET
// /api/search.json?index=files finds passages by their words or their file's title and names each ("Pricing sheet
// 2026, page 3", in the reader's language) with the words marked; drafts are for curators, group-limited files for
// their groups, every file for its own company; a file's title, state, groups, passages and deletion reindex its
// passages; Ask quotes and cites a passage under the asker's visibility, linking the hub's file screen for curators only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileSearchHit } from '../../contracts/knowledgeHub.ts';
import { fileCitation } from '../../search-api/search/fileCitation.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';
import { insertKnowledgeFile, setKnowledgeHub } from '../helpers/knowledgeFiles.ts';
import { answerOf, buffered, parseSse } from './askStream.ts';

let t: TestApp;
let companyId: number;
let group: number;
let pricing: number;
let security: number;
let draft: number;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let seller: Session;
const { one } = sqlReads(() => t.db);

const indexed = async () => {
  await t.search.indexer!.drain();
  await t.search.engine.refresh('files');
};
const search = (s: Session, query: string) => s.get(`/api/search.json?index=files&query=${encodeURIComponent(query)}&sort=relevance`);
const fileIds = (res: { body: { results: FileSearchHit[] } }) => res.body.results.map((r) => r.fileId);
/** The passages found, as fileId:seq. */
const places = (res: { body: { results: FileSearchHit[] } }) => res.body.results.map((r) => `${r.fileId}:${r.seq}`);

beforeAll(async () => {
  t = await testApp({ search: true });
  ({ companyId } = await one<{ companyId: number }>(sql`SELECT company_id AS "companyId" FROM users WHERE email = 'seller@demo.test'`));
  ({ id: group } = await one<{ id: number }>(sql`INSERT INTO visibility_groups (company_id, name) VALUES (${companyId}, 'Security council') RETURNING id`));
  await setKnowledgeHub(t.db, companyId, true);
  pricing = await insertKnowledgeFile(t.db, companyId, {
    title: 'Pricing sheet 2026',
    passages: [
      { location: 'page', number: 1, text: 'Plans and prices for the year.' },
      { location: 'page', number: 2, text: 'Every plan includes onboarding.' },
      { location: 'page', number: 3, text: 'The Quorvantix tier costs 49 euros per seat and month, billed yearly.' },
    ],
  });
  security = await insertKnowledgeFile(t.db, companyId, {
    title: 'Security whitepaper', kind: 'docx', fileName: 'security.docx', groups: [group],
    passages: [{ location: 'section', label: 'Encryption', text: 'Data is encrypted with Zentrablock keys held in a hardware module.' }],
  });
  draft = await insertKnowledgeFile(t.db, companyId, {
    title: 'Roadmap draft', state: 'draft', kind: 'pptx',
    passages: [{ location: 'slide', number: 4, text: 'Next year we ship Velmorix analytics.' }, { location: 'notes', number: 4, text: 'Say nothing about Velmorix dates.' }],
  });
  await indexed();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe('the files context of unified search', () => {
  it('finds a file by a word of one passage and names that passage, the words marked', async () => {
    const res = await search(seller, 'quorvantix');
    expect(res.status).toBe(200);
    expect(res.body.nr_results).toBe(1);
    const [hit] = res.body.results as FileSearchHit[];
    expect(hit).toMatchObject({ fileId: pricing, seq: 3, title: 'Pricing sheet 2026', kind: 'pdf', location: 'page', number: 3, label: null, citation: 'Pricing sheet 2026, page 3' });
    expect(hit.highlight).toContain('<mark>Quorvantix</mark> tier costs 49 euros');
    // Typos are forgiven as in cards' text.
    expect(fileIds(await search(seller, 'quorvantx'))).toEqual([pricing]);
  });

  it('finds every passage of a file by its title, each a hit of its own in the file’s order, the start of its text shown', async () => {
    const res = await search(seller, 'pricing sheet');
    expect(res.body.nr_results).toBe(3);
    expect(places(res)).toEqual([`${pricing}:1`, `${pricing}:2`, `${pricing}:3`]);
    expect(res.body.results[1]).toMatchObject({ citation: 'Pricing sheet 2026, page 2', highlight: 'Every plan includes onboarding.' });
  });

  it('names the passage in the reader’s language', async () => {
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE email = 'seller@demo.test'`);
    try {
      const [hit] = (await search(seller, 'quorvantix')).body.results as FileSearchHit[];
      expect(hit.citation).toBe('Pricing sheet 2026, Seite 3');
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE email = 'seller@demo.test'`);
    }
  });

  it('gives drafts to curators only and group-limited files to their groups', async () => {
    expect(places(await search(curator, 'velmorix')).sort()).toEqual([`${draft}:1`, `${draft}:2`]);
    const [notes] = ((await search(curator, 'velmorix dates')).body.results as FileSearchHit[]);
    expect(notes).toMatchObject({ seq: 2, citation: 'Roadmap draft, speaker notes of slide 4' });
    expect(fileIds(await search(curator, 'zentrablock'))).toEqual([security]);
    expect((await search(curator, 'zentrablock')).body.results[0].citation).toBe('Security whitepaper, section "Encryption"');
    expect(fileIds(await search(seller, 'velmorix'))).toEqual([]);
    expect(fileIds(await search(seller, 'zentrablock'))).toEqual([]);
    // A curator previewing as everyone sees what the seller sees.
    expect(fileIds(await curator.get('/api/search.json?index=files&query=zentrablock&previewing=0'))).toEqual([]);
  });

  it('reindexes a file when its state, groups, title, passages change or it is deleted', async () => {
    const sellerId = (await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'seller@demo.test'`)).id;
    // Joining the group is a viewer's change: the file's document stays as it is.
    await t.db.execute(sql`INSERT INTO visibility_group_members (company_id, visibility_group_id, user_id) VALUES (${companyId}, ${group}, ${sellerId})`);
    expect(fileIds(await search(seller, 'zentrablock'))).toEqual([security]);
    await t.db.execute(sql`DELETE FROM visibility_group_members WHERE visibility_group_id = ${group}`);
    // The file for everyone: its groups go.
    await t.db.execute(sql`DELETE FROM knowledge_file_visibility_groups WHERE file_id = ${security}`);
    await indexed();
    expect(fileIds(await search(seller, 'zentrablock'))).toEqual([security]);
    await t.db.execute(sql`INSERT INTO knowledge_file_visibility_groups (file_id, visibility_group_id) VALUES (${security}, ${group})`);
    // The draft approved, then renamed: the citation follows.
    await t.db.execute(sql`UPDATE knowledge_files SET state = 'approved', title = 'Roadmap 2027' WHERE id = ${draft}`);
    await indexed();
    expect(fileIds(await search(seller, 'zentrablock'))).toEqual([]);
    const [slide] = (await search(seller, 'velmorix analytics')).body.results as FileSearchHit[];
    expect(slide).toMatchObject({ fileId: draft, seq: 1, citation: 'Roadmap 2027, slide 4' });
    // A new version's passages replace the old ones.
    await t.db.execute(sql`DELETE FROM knowledge_passages WHERE file_id = ${draft}`);
    await t.db.execute(sql`INSERT INTO knowledge_passages (company_id, file_id, seq, location, number, label, text)
      VALUES (${companyId}, ${draft}, 1, 'row', 3, 'Plans', 'Velmorix Pro: 99 euros')`);
    await indexed();
    expect((await search(seller, 'velmorix')).body.results.map((r: FileSearchHit) => r.citation)).toEqual(['Roadmap 2027, sheet "Plans" row 3']);
    expect(fileIds(await search(seller, 'analytics'))).toEqual([]);
    await t.db.execute(sql`DELETE FROM knowledge_files WHERE id = ${draft}`);
    await indexed();
    expect(fileIds(await search(curator, 'velmorix'))).toEqual([]);
    // The deleted file's passages are gone from the index, not only left out of results.
    const left = await t.search.engine.search('files', { query: { bool: { filter: [{ term: { fileId: draft } }] } }, size: 10 });
    expect(left.total.value).toBe(0);
  });

  it('answers only the file’s company, and 403 knowledge_hub_off without the hub', async () => {
    const outsider = await signInOutsider(t);
    const other = await one<{ id: number }>(sql`SELECT company_id AS id FROM users WHERE email = 'admin@other.test'`);
    await setKnowledgeHub(t.db, other.id, true);
    const res = await outsider.get('/api/search.json?index=files&query=quorvantix');
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
    await setKnowledgeHub(t.db, other.id, false);
    const off = await outsider.get('/api/search.json?index=files&query=quorvantix');
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('knowledge_hub_off');
  });
});

describe('Ask', () => {
  const ask = (s: Session, question: string) => buffered(s.agent.post('/api/ask/answers').set('X-CSRF-Token', s.csrf).send({ question }));

  it('quotes and cites a passage for a question only a file answers', async () => {
    const a = answerOf(parseSse((await ask(seller, 'What does the Quorvantix tier cost?')).raw));
    const source = a.sources?.find((s) => s.doc_type === 'file');
    expect(source, JSON.stringify(a.sources)).toBeDefined();
    expect(source!.title).toBe('Pricing sheet 2026, page 3');
    // The hub's file screen is the curators': a seller's source names the passage without a link.
    expect(source!.url).toBeNull();
    expect(a.text).toContain('49 euros per seat');
    const theirs = answerOf(parseSse((await ask(curator, 'What does the Quorvantix tier cost?')).raw));
    expect(theirs.sources?.find((s) => s.doc_type === 'file')?.url).toBe(`/knowledge-hub/files/${pricing}?passage=3`);
  });

  it('never gives a seller outside the file’s groups its passages', async () => {
    const question = 'How is data encrypted with Zentrablock keys?';
    const mine = answerOf(parseSse((await ask(curator, question)).raw));
    expect(mine.sources?.find((s) => s.doc_type === 'file')?.title).toBe('Security whitepaper, section "Encryption"');
    const theirs = answerOf(parseSse((await ask(seller, question)).raw));
    expect(theirs.sources?.filter((s) => s.doc_type === 'file')).toEqual([]);
    expect(theirs.text).not.toContain('hardware module');
  });
});

describe('citations', () => {
  it('names every place a passage can come from, in English and German', () => {
    const title = 'Deck';
    const cases = [
      [{ location: 'page', number: 3, label: null }, 'Deck, page 3', 'Deck, Seite 3'],
      [{ location: 'slide', number: 4, label: null }, 'Deck, slide 4', 'Deck, Folie 4'],
      [{ location: 'notes', number: 4, label: null }, 'Deck, speaker notes of slide 4', 'Deck, Sprechernotizen zu Folie 4'],
      [{ location: 'row', number: 3, label: 'Plans' }, 'Deck, sheet "Plans" row 3', 'Deck, Tabelle „Plans“, Zeile 3'],
      [{ location: 'row', number: 3, label: null }, 'Deck, row 3', 'Deck, Zeile 3'],
      [{ location: 'section', number: null, label: 'Security' }, 'Deck, section "Security"', 'Deck, Abschnitt „Security“'],
      [{ location: 'section', number: null, label: null }, 'Deck', 'Deck'],
    ] as const;
    for (const [place, en, de] of cases) {
      expect(fileCitation('en', { title, ...place })).toBe(en);
      expect(fileCitation('de-AT', { title, ...place })).toBe(de);
    }
  });
});

// The landing page's sections without a model, on a fixed set of sources: what each paragraph draws on, how it is
// cited, what it leaves out (table rows, our own talk, old news), and the words it adds in the reader's language.
import { describe, expect, it } from 'vitest';
import type { GeneratedSectionData } from '../../contracts/landing.ts';
import { composeHowWeCompare, composeOverview, composeWhatsNew } from './compose.ts';
import { sectionMessages } from './writing.ts';
import type { LandingSource, LandingSources } from './sources.ts';

const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
let nextId = 1;
const source = (type: LandingSource['type'], title: string, text: string, extra: Partial<LandingSource> = {}): LandingSource => {
  const id = nextId++;
  return { type, id, title, text, url: `/x/${id}`, rivalIds: [7], createdAt: daysAgo(200), updatedAt: daysAgo(100), ...extra };
};
const card = (title: string, text: string, extra: Partial<LandingSource> = {}) => source('card', title, text, extra);

const sheet = card('Acme at a glance', 'Acme sells governed dashboards to mid-market finance teams.\nFounded: 2014\nHeadquarters: Denver, CO\nEmployees: ~800\nCEO: Ana Ruiz');
const strong = card('Where Acme is strong', 'Strengths\nPolished visual dashboard builder that demos very well\nLarge template gallery for finance teams', { inBattlecard: true });
const weak = card('Where Acme is weak', 'Weaknesses\nNo row-level security below the Enterprise tier\nSlow exports on large datasets', { inBattlecard: true });
const talk = card('Handling Acme', 'Response: Northwind ships row-level security on every tier, so weak security is never a gap for us.', { inBattlecard: true });
const table = card('Where we meet Acme', 'SMB — Deals: 12; Win rate: 55%\nEnterprise — Deals: 4; Win rate: 40%');
const landmines = card('Landmine questions to ask against Acme', 'Ask these early:\nWhich plan includes row-level security for every user?\nHow long does an export of ten million rows take?');
const win = card('How we win against Acme', 'Lead with governed self-service on the prospect’s own data.\nRun a proof of value within ten days.', { inBattlecard: true });
const recentIntel = source('intel', 'Acme raises prices by 12%', 'Acme told customers that list prices rise in January. More details follow.', { publishedAt: daysAgo(3), url: 'https://news.example/acme' });
const oldIntel = source('intel', 'Acme opens a London office', 'Acme opened an office in London.', { publishedAt: daysAgo(60) });
const praised = source('insight', 'Dashboards', 'Praised in 40 reviews.', { kind: 'strengths', reviewCount: 40, quote: { text: 'The dashboards are beautiful.', site: 'G2' } });
const criticised = source('insight', 'Exports', 'Criticised in 9 reviews.', { kind: 'weaknesses', reviewCount: 9, quote: { text: 'Exports time out on big tables.', site: 'Capterra' } });
const changed = card('Acme pricing tiers', 'Acme has three tiers: Starter, Growth and Enterprise.', { createdAt: daysAgo(5), updatedAt: daysAgo(5) });
const valueProp = source('positioning', 'Governed self-service analytics', 'Governed self-service analytics that finance trusts on day one.', { rivalIds: [], url: '/knowledge-hub/positioning' });
const insights = source('product', 'Northwind Insights', 'Row-level security on every tier, with exports that never time out.', { rivalIds: [], url: '/knowledge-hub/products' });

const sources: LandingSources = {
  profile: { profileId: 3, rivalId: 7, name: 'Acme', publicSourcesEnabled: true, products: [] },
  cards: [sheet, strong, weak, talk, table, landmines, win, changed],
  battlecards: [],
  intel: [recentIntel, oldIntel],
  insights: [praised, criticised],
  ours: [valueProp, insights],
};
const options = { companyName: 'Northwind Analytics', now, language: 'en' as const };
const german = { ...options, language: 'de' as const };

/** Every [n] of the text names a listed citation, and every citation is used. */
function expectWellCited(d: GeneratedSectionData) {
  const used = [...new Set([...d.markdown.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  expect(used).toEqual(d.citations.map((c) => c.n));
}
const citedIds = (d: GeneratedSectionData) => d.citations.map((c) => c.id);

describe('the overview', () => {
  const d = composeOverview(sources, options);

  it('opens with the fact sheet’s first sentence and its facts on one line, citing it', () => {
    const [opening, facts] = d.markdown.split('\n\n');
    expect(opening).toBe('Acme sells governed dashboards to mid-market finance teams. [1]');
    expect(facts).toBe('**Key facts:** Founded: 2014 · Headquarters: Denver, CO · Employees: ~800 · CEO: Ana Ruiz [1]');
    expect(d.citations[0]).toMatchObject({ type: 'card', id: sheet.id, title: 'Acme at a glance' });
  });

  it('says what buyers say from the insights, with a quote of the top strength and weakness', () => {
    expect(d.markdown).toContain('### What buyers say');
    expect(d.markdown).toMatch(/Reviewers praise \*\*Dashboards\*\* \(40 reviews\) \[\d+\]; they criticise \*\*Exports\*\* \(9 reviews\) \[\d+\]\./);
    expect(d.markdown).toContain('Dashboards: “The dashboards are beautiful.” (G2)');
  });

  it('lists recent published intel only, and flags its public and private sources', () => {
    expect(d.markdown).toContain('**Acme raises prices by 12%** (Nov 24): Acme told customers that list prices rise in January.');
    expect(d.markdown).toContain('Acme opens a London office'); // within the 90 days the sources hold
    expect(d).toMatchObject({ uses_public_sources: true, uses_private_sources: true });
    expectWellCited(d);
  });
});

describe('how we compare', () => {
  const d = composeHowWeCompare(sources, options);

  it('draws strengths and weaknesses from the battlecards’ cards, as bullets when they are list items', () => {
    expect(d.markdown).toMatch(/### Where Acme is strong\n\n- Polished visual dashboard builder that demos very well \[\d+\]/);
    expect(d.markdown).toMatch(/### Where Acme is weak\n\n- No row-level security below the Enterprise tier \[\d+\]/);
    expect(citedIds(d)).toEqual(expect.arrayContaining([strong.id, weak.id]));
  });

  it('leaves out table rows and our own talk outside "how we win"', () => {
    expect(d.markdown).not.toContain('Deals: 12');
    expect(d.markdown).not.toMatch(/### Where Acme is (strong|weak)[^#]*Northwind ships/);
  });

  it('asks the landmine card’s questions, and says how we win', () => {
    expect(d.markdown).toContain('### Landmines to lay\n\n- Which plan includes row-level security for every user?');
    expect(d.markdown).toMatch(/### How we win\n\n[^#]*(Lead with governed self-service|Run a proof of value)/);
    expectWellCited(d);
    expect(d.uses_public_sources).toBe(false);
  });
});

describe('how we compare, our side', () => {
  it('sets our positioning and the compared products beside them, citing each', () => {
    const d = composeHowWeCompare(sources, options);
    expect(d.markdown).toMatch(/### What we bring\n\n- Governed self-service analytics that finance trusts on day one\. \[(\d+)\]\n- \*\*Northwind Insights\*\*: Row-level security/);
    expect(d.citations).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'positioning', id: valueProp.id, url: '/knowledge-hub/positioning' }),
      expect.objectContaining({ type: 'product', id: insights.id, title: 'Northwind Insights' }),
    ]));
    expect(d.uses_private_sources).toBe(true);
    expectWellCited(d);
    expect(composeHowWeCompare(sources, german).markdown).toContain('### Was wir mitbringen');
  });

  it('hands our side to the model as sources of its own type', () => {
    const d = composeHowWeCompare(sources, options);
    const all = [...sources.cards, ...sources.ours];
    const cited = d.citations.map((c) => all.find((s) => s.type === c.type && s.id === c.id)!);
    const prompt = sectionMessages('how_we_compare', 'Acme', 'Northwind Analytics', cited, 'en').map((m) => m.content).join('\n');
    expect(prompt).toContain('(positioning) Governed self-service analytics\nGoverned self-service analytics that finance trusts on day one.');
    expect(prompt).toContain('(product) Northwind Insights');
    expect(prompt).toContain('sources of type positioning and product');
  });

  it('is left out when nothing is said about them: our pitch alone compares nothing', () => {
    const d = composeHowWeCompare({ ...sources, cards: [], intel: [], insights: [] }, options);
    expect(d.markdown).not.toContain('What we bring');
    expect(d.citations).toEqual([]);
  });
});

describe("what's new", () => {
  it('counts and lists what was published or changed in the last 30 days, newest first', () => {
    const d = composeWhatsNew(sources, options);
    expect(d.markdown.split('\n\n')[0]).toBe('**1 intel item published and 1 card changed in the last 30 days.**');
    expect(d.markdown).toContain('- **Acme raises prices by 12%** (Nov 24)');
    expect(d.markdown).toContain('- New card: **Acme pricing tiers** (Nov 22)');
    expect(d.markdown).not.toContain('London');
    expect(d.citations.find((c) => c.type === 'intel')!.url).toBe('https://news.example/acme');
    expectWellCited(d);
  });

  it('is empty when nothing changed', () => {
    expect(composeWhatsNew({ ...sources, intel: [oldIntel], cards: [sheet] }, options)).toMatchObject({ markdown: '', citations: [] });
  });
});

it('says so, citing nothing, when the reader may see nothing to write from', () => {
  const empty = { ...sources, cards: [], intel: [], insights: [] };
  expect(composeOverview(empty, options)).toMatchObject({ markdown: 'There is not enough content about Acme that you can see to write an overview yet.', citations: [] });
  expect(composeHowWeCompare(empty, options).citations).toEqual([]);
});

describe('in the reader’s language', () => {
  it('writes its own words in German around the sources’ sentences, which stay as written', () => {
    const overview = composeOverview(sources, german);
    expect(overview.markdown).toContain('**Eckdaten:** Founded: 2014');
    expect(overview.markdown).toContain('### Was Käufer sagen');
    expect(overview.markdown).toMatch(/Bewertungen loben \*\*Dashboards\*\* \(40 Bewertungen\) \[\d+\]; sie kritisieren \*\*Exports\*\* \(9 Bewertungen\) \[\d+\]\./);
    expect(overview.markdown).toContain('### Zuletzt');
    expect(overview.markdown).toContain('**Acme raises prices by 12%** (24. Nov.): Acme told customers that list prices rise in January.');
    expect(overview.citations).toEqual(composeOverview(sources, options).citations);

    const compare = composeHowWeCompare(sources, german).markdown;
    expect(compare).toMatch(/### Wo Acme stark ist\n\n- Polished visual dashboard builder/);
    expect(compare).toContain('### Fragen, die Sie stellen sollten');

    const news = composeWhatsNew(sources, german).markdown;
    expect(news.split('\n\n')[0]).toBe('**1 Intel-Meldung veröffentlicht und 1 Karte geändert in den letzten 30 Tagen.**');
    expect(news).toContain('- Neue Karte: **Acme pricing tiers** (22. Nov.)');

    const empty = { ...sources, cards: [], intel: [], insights: [] };
    expect(composeOverview(empty, german).markdown).toBe('Zu Acme gibt es noch nicht genug Inhalte, die Sie sehen können, um einen Überblick zu schreiben.');
  });
});

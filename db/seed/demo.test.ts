// The demo seeder against a real PostgreSQL: shape, determinism, demo accounts and visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { verifyPassword } from '../../server-shared/passwords.ts';
import { freshDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import { BOARD_NAMES } from './content.ts';
import { seedDemo, type DemoSummary } from './demo.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const LATER = new Date('2026-03-19T08:30:00Z');
const DAY = 86_400_000;

let a: TestDatabase;
let b: TestDatabase;
let summary: DemoSummary;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

beforeAll(async () => {
  [a, b] = await Promise.all([freshDatabase(), freshDatabase()]);
  summary = await seedDemo(a.db, { now: NOW });
  await seedDemo(b.db, { now: LATER });
  console.log(`seedDemo took ${summary.ms} ms`, summary.counts);
});

afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

describe('demo seed shape', () => {
  it('has twelve rivals (one draft), one profile each, in three rival groups', async () => {
    const r = await rows<{ n: number; drafts: number; profiles: number; groups: number }>(
      a.db,
      sql`SELECT (SELECT count(*)::int FROM rivals) AS n, (SELECT count(*)::int FROM rivals WHERE is_draft) AS drafts,
                 (SELECT count(*)::int FROM profiles p JOIN rivals r ON r.id = p.rival_id AND p.name = r.name) AS profiles,
                 (SELECT count(*)::int FROM rival_groups) AS groups`,
    );
    expect(r[0]).toEqual({ n: 12, drafts: 1, profiles: 12, groups: 3 });
  });

  it('gives every profile the six boards in order, and a Scratchpad to a couple', async () => {
    const boards = await rows<{ profile_id: number; names: string[] }>(
      a.db,
      sql`SELECT profile_id, array_agg(name ORDER BY view_order) AS names FROM boards GROUP BY profile_id`,
    );
    expect(boards).toHaveLength(12);
    for (const b of boards) expect(b.names.slice(0, 6)).toEqual([...BOARD_NAMES]);
    expect(boards.filter((b) => b.names.includes('Scratchpad'))).toHaveLength(2);
  });

  it('has ~500 cards with a realistic visibility mix and numeric viewOrders', async () => {
    const [c] = await rows<{ n: number; all_access: number; draft: number; mode2: number; formulas: number; bad_order: number }>(
      a.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE all_access)::int AS all_access,
                 count(*) FILTER (WHERE is_draft)::int AS draft,
                 count(*) FILTER (WHERE NOT all_access AND NOT is_draft)::int AS mode2,
                 count(*) FILTER (WHERE has_dynamic_blocks AND text_json @> '[{"type":"formula"}]')::int AS formulas,
                 count(*) FILTER (WHERE view_order !~ '^[0-9]+$')::int AS bad_order
          FROM cards`,
    );
    expect(c.n).toBeGreaterThanOrEqual(450);
    expect(c.n).toBeLessThanOrEqual(650);
    expect(c.all_access / c.n).toBeGreaterThan(0.65);
    expect(c.draft / c.n).toBeGreaterThan(0.04);
    expect(c.mode2 / c.n).toBeGreaterThan(0.08);
    expect(c.formulas).toBeGreaterThan(3);
    expect(c.bad_order).toBe(0);
    // Every mode-2 card has at least one group; no other card has any.
    const [g] = await rows<{ mode2_without: number; others_with: number }>(
      a.db,
      sql`SELECT count(*) FILTER (WHERE NOT all_access AND NOT is_draft AND NOT EXISTS (SELECT 1 FROM card_visibility_groups v WHERE v.card_id = c.id))::int AS mode2_without,
                 count(*) FILTER (WHERE (all_access OR is_draft) AND EXISTS (SELECT 1 FROM card_visibility_groups v WHERE v.card_id = c.id))::int AS others_with
          FROM cards c`,
    );
    expect(g).toEqual({ mode2_without: 0, others_with: 0 });
  });

  it('has rich HTML: tables, lists and links', async () => {
    const [h] = await rows<{ tables: number; lists: number; links: number }>(
      a.db,
      sql`SELECT count(*) FILTER (WHERE text_html LIKE '%<table><thead>%<tbody>%')::int AS tables,
                 count(*) FILTER (WHERE text_html ~ '<(ul|ol)>')::int AS lists,
                 count(*) FILTER (WHERE text_html LIKE '%<a href="https://%')::int AS links
          FROM cards`,
    );
    expect(h.tables).toBeGreaterThan(30);
    expect(h.lists).toBeGreaterThan(100);
    expect(h.links).toBeGreaterThan(20);
  });

  it('has tags with synonyms, 0–3 tags per card, and sources', async () => {
    const [t] = await rows<{ tags: number; synonyms: string[]; max_per_card: number; sources: number }>(
      a.db,
      sql`SELECT (SELECT count(*)::int FROM tags) AS tags,
                 (SELECT synonyms FROM tags WHERE name = 'Pricing') AS synonyms,
                 (SELECT max(n)::int FROM (SELECT count(*) AS n FROM card_tags GROUP BY card_id) x) AS max_per_card,
                 (SELECT count(*)::int FROM card_sources WHERE permalink LIKE 'https://%') AS sources`,
    );
    expect(t.tags).toBeGreaterThanOrEqual(20);
    expect(t.synonyms).toEqual(['cost', 'price']);
    expect(t.max_per_card).toBeLessThanOrEqual(3);
    expect(t.sources).toBeGreaterThan(50);
  });

  it('has battlecards of at most 8 cards from their own profile, for published rivals only', async () => {
    const bcs = await rows<{ profile_id: number; cards: { desktop: number[]; tablet: number[]; mobile: number[] }; draft_rival: boolean }>(
      a.db,
      sql`SELECT b.profile_id, b.cards, r.is_draft AS draft_rival FROM battlecards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id`,
    );
    expect(bcs.length).toBeGreaterThanOrEqual(11);
    const cardProfile = new Map(
      (await rows<{ id: number; profile_id: number }>(a.db, sql`SELECT c.id, b.profile_id FROM cards c JOIN boards b ON b.id = c.board_id`)).map(
        (r) => [r.id, r.profile_id],
      ),
    );
    for (const bc of bcs) {
      expect(bc.draft_rival).toBe(false);
      expect(bc.cards.desktop.length).toBeGreaterThan(0);
      expect(bc.cards.desktop.length).toBeLessThanOrEqual(8);
      for (const id of [...bc.cards.desktop, ...bc.cards.tablet, ...bc.cards.mobile]) expect(cardProfile.get(id)).toBe(bc.profile_id);
    }
  });

  it('has the curator’s dynamic boards, one a draft, whose criteria name the company’s tags, rivals and boards', async () => {
    const boards = await rows<{ name: string; is_draft: boolean; author: string; criteria: { field: string; value: number }[] }>(
      a.db,
      sql`SELECT d.name, d.is_draft, u.email AS author, d.filters AS criteria FROM dynamic_boards d JOIN users u ON u.id = d.created_by_id ORDER BY d.id`,
    );
    expect(boards).toHaveLength(5);
    expect(boards.filter((d) => d.is_draft).map((d) => d.name)).toEqual(['AI roadmap watch']);
    expect(new Set(boards.map((d) => d.author))).toEqual(new Set(['curator@demo.test']));
    const table = { tag: 'tags', rival: 'rivals', board: 'boards' } as const;
    for (const c of boards.flatMap((d) => d.criteria)) {
      const [found] = await rows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table[c.field as keyof typeof table])} WHERE id = ${c.value}`);
      expect(found.n, `${c.field}-${c.value}`).toBe(1);
    }
    expect(boards.flatMap((d) => d.criteria.map((c) => c.field)).sort()).toEqual(expect.arrayContaining(['board', 'rival', 'tag']));
  });

  it('has ~5,000 intel items within the last 90 days, with the expected state mix and rivals', async () => {
    const [i] = await rows<{
      n: number;
      outside: number;
      unprocessed: number;
      archived: number;
      deleted: number;
      no_rivals: number;
      many_rivals: number;
      actioned_without_actor: number;
      related: number;
      dangling: number;
      last_week: number;
    }>(
      a.db,
      sql`SELECT count(*)::int AS n,
                 count(*) FILTER (WHERE created_at > ${NOW.toISOString()}::timestamptz OR created_at <= ${new Date(NOW.getTime() - 90 * DAY).toISOString()}::timestamptz)::int AS outside,
                 count(*) FILTER (WHERE state = 'unprocessed')::int AS unprocessed,
                 count(*) FILTER (WHERE state = 'archived')::int AS archived,
                 count(*) FILTER (WHERE state = 'deleted')::int AS deleted,
                 count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM intel_rivals r WHERE r.intel_id = i.id))::int AS no_rivals,
                 count(*) FILTER (WHERE (SELECT count(*) FROM intel_rivals r WHERE r.intel_id = i.id) > 2)::int AS many_rivals,
                 count(*) FILTER (WHERE state <> 'unprocessed' AND actioned_by_id IS NULL)::int AS actioned_without_actor,
                 count(related_to_id)::int AS related,
                 count(*) FILTER (WHERE related_to_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM intel_items j WHERE j.id = i.related_to_id))::int AS dangling,
                 count(*) FILTER (WHERE created_at > ${new Date(NOW.getTime() - 7 * DAY).toISOString()}::timestamptz)::int AS last_week
          FROM intel_items i`,
    );
    expect(i.n).toBe(5000);
    expect(i.outside).toBe(0);
    expect(i.unprocessed / i.n).toBeGreaterThan(0.45);
    expect(i.unprocessed / i.n).toBeLessThan(0.55);
    expect(i.archived / i.n).toBeGreaterThan(0.3);
    expect(i.deleted / i.n).toBeLessThan(0.08);
    expect(i.no_rivals).toBe(0);
    expect(i.many_rivals).toBe(0);
    expect(i.actioned_without_actor).toBe(0);
    expect(i.related).toBeGreaterThan(10);
    expect(i.dangling).toBe(0);
    // Denser towards now: the last week holds more than a uniform 7/90 share.
    expect(i.last_week / i.n).toBeGreaterThan(7 / 90);
    expect(summary.counts.intel_items).toBe(5000);
  });

  it('tells the curators of new intel on their rivals, naming the rivals in params for the web app to word', async () => {
    const [n] = await rows<{ n: number; kinds: string[]; without_params: number; other_rivals: number }>(
      a.db,
      sql`SELECT count(*)::int AS n, array_agg(DISTINCT kind) AS kinds,
                 count(*) FILTER (WHERE params IS NULL)::int AS without_params,
                 count(*) FILTER (WHERE params->'rivals' IS DISTINCT FROM (
                   SELECT jsonb_agg(r.name ORDER BY r.name) FROM intel_rivals l JOIN rivals r ON r.id = l.rival_id
                   WHERE l.intel_id = x.target_id AND l.rival_id = ANY (u.curating_rival_ids)))::int AS other_rivals
          FROM notifications x JOIN users u ON u.id = x.user_id`,
    );
    expect(n.n).toBeGreaterThan(100);
    expect(n).toMatchObject({ kinds: ['intel'], without_params: 0, other_rivals: 0 });
  });
});

describe('determinism', () => {
  it('seeds identical cards (names, texts, visibility, tags) into two databases', async () => {
    const q = sql`SELECT c.name, c.text_html, c.text_json, c.all_access, c.is_draft, c.view_order, b.name AS board, r.name AS rival,
                         (SELECT array_agg(g.name ORDER BY g.name) FROM card_visibility_groups v JOIN visibility_groups g ON g.id = v.visibility_group_id WHERE v.card_id = c.id) AS groups,
                         (SELECT array_agg(t.name ORDER BY t.name) FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = c.id) AS tags
                  FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id
                  ORDER BY c.id`;
    const [x, y] = await Promise.all([rows(a.db, q), rows(b.db, q)]);
    expect(x.length).toBeGreaterThan(0);
    expect(y).toEqual(x);
  });

  it('seeds identical intel (titles, bodies, states, rivals), only dates move with now', async () => {
    const q = sql`SELECT i.title, i.body, i.summary, i.state, i.priority, i.channel, i.topics, i.source,
                         (SELECT array_agg(r.name ORDER BY r.name) FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id WHERE ir.intel_id = i.id) AS rivals
                  FROM intel_items i ORDER BY i.id`;
    const [x, y] = await Promise.all([rows(a.db, q), rows(b.db, q)]);
    expect(y).toEqual(x);
    const shift = await rows<{ d: number }>(b.db, sql`SELECT max(created_at) AS d FROM intel_items`);
    expect(new Date(shift[0].d).getTime()).toBeGreaterThan(NOW.getTime());
  });
});

describe('surveys', () => {
  it('seeds the same surveys and contacts into two databases, about a third of those mailed answering', async () => {
    const q = sql`SELECT s.name, s.state, r.email, d.crm_id, r.sent_at IS NOT NULL AS sent, r.opened_at IS NOT NULL AS opened, r.reminders, r.answer
                  FROM survey_recipients r JOIN surveys s ON s.id = r.survey_id JOIN deals d ON d.id = r.deal_id ORDER BY s.id, r.id`;
    const [x, y] = await Promise.all([rows<{ sent: boolean; answer: { reasonIds: number[] } | null }>(a.db, q), rows(b.db, q)]);
    expect(y).toEqual(x);
    expect(summary.counts.surveys).toBe(3);
    expect(x.length).toBeGreaterThan(200);
    const sent = x.filter((r) => r.sent).length;
    const answered = x.filter((r) => r.answer).length;
    expect(answered / sent).toBeGreaterThan(0.25);
    expect(answered / sent).toBeLessThan(0.45);
    expect(x.filter((r) => r.answer).every((r) => r.answer!.reasonIds.length > 0)).toBe(true);
    // Every reason an answer picked is a buyer-said reason of its deal.
    const missing = await rows<{ n: number }>(
      a.db,
      sql`SELECT count(*)::int AS n FROM survey_recipients r, jsonb_array_elements_text(r.answer->'reasonIds') x(id)
          WHERE r.answer IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deal_reasons dr WHERE dr.deal_id = r.deal_id AND dr.reason_id = x.id::int AND dr.said_by = 'buyer')`,
    );
    expect(missing[0].n).toBe(0);
  });
});

describe('demo accounts', () => {
  type U = { id: number; company_id: number; username: string; password_hash: string | null; is_staff: boolean; can_impersonate: boolean; curating_rival_ids: number[]; roles: string[] | null; groups: string[] | null };
  const user = async (email: string) =>
    (
      await rows<U>(
        a.db,
        sql`SELECT u.id, u.company_id, u.username, u.password_hash, u.is_staff, u.can_impersonate, u.curating_rival_ids,
                   (SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id) AS roles,
                   (SELECT array_agg(g.name ORDER BY g.name) FROM visibility_group_members m JOIN visibility_groups g ON g.id = m.visibility_group_id WHERE m.user_id = u.id) AS groups
            FROM users u WHERE lower(u.email) = ${email}`,
      )
    )[0];

  it('has the admin, curator, seller and staff with the right roles, groups and password', async () => {
    const [admin, curator, seller, staff] = await Promise.all(
      ['admin@demo.test', 'curator@demo.test', 'seller@demo.test', 'staff@demo.test'].map(user),
    );
    expect(admin).toMatchObject({ id: summary.users.admin, username: 'ada', company_id: summary.companyId, roles: ['admin'] });
    expect(curator).toMatchObject({ id: summary.users.curator, username: 'cory', company_id: summary.companyId, roles: ['curator'] });
    expect(curator.curating_rival_ids).toHaveLength(3);
    expect(seller).toMatchObject({ id: summary.users.seller, username: 'sam', company_id: summary.companyId, roles: null, groups: ['Sales'] });
    expect(staff).toMatchObject({ id: summary.users.staff, username: 'stacy', company_id: summary.staffCompanyId, is_staff: true, can_impersonate: true });
    for (const u of [admin, curator, seller, staff]) {
      expect(await verifyPassword(u.password_hash, 'demo-password')).toBe(true);
      expect(await verifyPassword(u.password_hash, 'wrong-password')).toBe(false);
    }
  });

  it('has ~20 more consumers and 2 more curators who cannot sign in', async () => {
    const [c] = await rows<{ consumers: number; curators: number; with_password: number }>(
      a.db,
      sql`SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id))::int AS consumers,
                 count(*) FILTER (WHERE EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'curator'))::int AS curators,
                 count(password_hash)::int AS with_password
          FROM users u WHERE company_id = ${summary.companyId}`,
    );
    expect(c.consumers).toBeGreaterThanOrEqual(20);
    expect(c.curators).toBe(3);
    expect(c.with_password).toBe(3);
  });

  it("the seller's group sees some mode-2 cards but not others (e.g. executive pricing)", async () => {
    const [v] = await rows<{ seen: number; unseen: number; exec_only: number; exec_seen_by_sales: number }>(
      a.db,
      sql`WITH m2 AS (
            SELECT c.id, c.name, bool_or(g.name = 'Sales') AS sales
            FROM cards c JOIN card_visibility_groups v ON v.card_id = c.id JOIN visibility_groups g ON g.id = v.visibility_group_id
            WHERE NOT c.all_access AND NOT c.is_draft GROUP BY c.id, c.name)
          SELECT count(*) FILTER (WHERE sales)::int AS seen, count(*) FILTER (WHERE NOT sales)::int AS unseen,
                 count(*) FILTER (WHERE name LIKE 'Executive pricing strategy vs %')::int AS exec_only,
                 count(*) FILTER (WHERE name LIKE 'Executive pricing strategy vs %' AND sales)::int AS exec_seen_by_sales
          FROM m2`,
    );
    expect(v.seen).toBeGreaterThan(5);
    expect(v.unseen).toBeGreaterThan(5);
    expect(v.exec_only).toBeGreaterThanOrEqual(10);
    expect(v.exec_seen_by_sales).toBe(0);
  });
});

describe('tenancy', () => {
  it("puts every row in Northwind's company, except the staff user in the staff company", async () => {
    const tables = await rows<{ table_name: string }>(
      a.db,
      sql`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id' ORDER BY table_name`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const others = await rows<{ n: number }>(
        a.db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE company_id <> ${summary.companyId}`,
      );
      expect({ table: table_name, n: others[0].n }).toEqual({ table: table_name, n: table_name === 'users' ? 1 : 0 });
    }
    const staffCompany = await rows<{ n: number }>(a.db, sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${summary.staffCompanyId} AND is_staff`);
    expect(staffCompany[0].n).toBe(1);
  });
});

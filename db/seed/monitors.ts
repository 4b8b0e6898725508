// Demo monitors (issue #52): four pages of each published rival (pricing, product, careers, release notes) and
// thirty feeds (the news, jobs, review and social sites the demo intel quotes, and each rival's blog), with 90 days
// of history made from the demo intel that came from them: each such item is a change of its monitor and names the
// monitor as its source. They start paused: the demo has no internet, and the screens say so.
import { sql } from 'drizzle-orm';
import type { DiffPart } from '../../contracts/monitors.ts';
import type { Exec } from '../client.ts';
import type { PageSnapshot } from '../schema/monitors.ts';
import { pgArrayLiteral } from './bulk.ts';
import type { IntelDraft } from './drafts.ts';
import { JOB_SOURCES, NEWS_SOURCES, REVIEW_SOURCES, SOCIAL_SOURCES } from './content/intel.ts';
import type { RivalFacts } from './content/rivals.ts';
import type { Rng } from './random.ts';

const DAY = 86_400_000;
const HISTORY_DAYS = 90;
/** Rivals whose four pages are watched, and feeds in all. */
const PAGE_RIVALS = 10;
const FEEDS = 30;
/** News searches that cover the market rather than one site. */
const SEARCH_FEEDS = [
  ['News search: embedded analytics', 'embedded analytics'],
  ['News search: business intelligence pricing', 'business intelligence pricing'],
  ['News search: data warehouse acquisitions', 'data warehouse acquisition'],
  ['News search: AI analytics assistants', 'AI analytics assistant'],
] as const;

const PAGES = [
  { key: 'pricing', path: '/pricing', name: 'pricing page', selector: 'main .pricing', topics: ['pricing'] },
  { key: 'product', path: '/product', name: 'product page', selector: null, topics: ['product launch', 'ai', 'integrations'] },
  { key: 'careers', path: '/careers', name: 'careers page', selector: '#open-roles', topics: ['hiring', 'leadership'] },
  { key: 'releases', path: '/release-notes', name: 'release notes', selector: null, topics: [] },
] as const;

const FEED_NAMES: Record<string, string> = {
  'techwire.test': 'TechWire', 'saasdaily.test': 'SaaS Daily', 'datadispatch.test': 'Data Dispatch', 'pressline.test': 'Pressline wire',
  'analyticsweekly.test': 'Analytics Weekly', 'cloudbeat.test': 'CloudBeat', 'venturejournal.test': 'Venture Journal', 'biinsider.test': 'BI Insider',
  'enterprisetimes.test': 'Enterprise Times', 'devpulse.test': 'DevPulse', 'jobsboard.test': 'JobsBoard: analytics roles', 'talentfeed.test': 'TalentFeed hiring news',
  'peerscore.test': 'PeerScore reviews', 'reviewhub.test': 'ReviewHub reviews', 'chirper.test': 'Chirper mentions', 'linkedpro.test': 'LinkedPro company posts',
};

type Plan = {
  kind: 'page' | 'feed';
  url: string;
  name: string;
  rivalId: number | null;
  selector: string | null;
  interval: number;
  snapshot: PageSnapshot | null;
  error: { reason: string; message: string; status: number | null } | null;
  changes: { intelIndex: number | null; title: string; link: string | null; at: Date; parts: DiffPart[] | null; added: string[]; removed: string[] }[];
};

export type MonitorSeed = {
  companyId: number;
  curatorId: number;
  rivals: readonly RivalFacts[];
  rivalIds: readonly number[];
  intel: readonly IntelDraft[];
  intelIds: readonly number[];
  now: Date;
  rng: Rng;
};

/** Inserts the demo monitors, their changes and the intel sources they are; answers the counts. */
export async function seedMonitors(tx: Exec, s: MonitorSeed): Promise<{ monitors: number; changes: number }> {
  const since = s.now.getTime() - HISTORY_DAYS * DAY;
  const plans: Plan[] = [];
  const pageOf = new Map<string, Plan>();
  let paged = 0;
  s.rivals.forEach((r, ri) => {
    if (r.isDraft || paged++ >= PAGE_RIVALS) return;
    for (const p of PAGES) {
      const plan: Plan = {
        kind: 'page',
        url: `https://www.${r.domain}${p.path}`,
        name: `${r.name} ${p.name}`,
        rivalId: s.rivalIds[ri],
        selector: p.selector,
        interval: p.key === 'pricing' ? 60 : p.key === 'careers' ? 1440 : 360,
        snapshot: pageSnapshot(r, p.key),
        error: null,
        changes: [],
      };
      plans.push(plan);
      pageOf.set(`${ri}:${p.key}`, plan);
    }
  });
  const feedOf = new Map<string, Plan>();
  for (const host of [...NEWS_SOURCES, ...JOB_SOURCES, ...REVIEW_SOURCES, ...SOCIAL_SOURCES]) {
    const plan: Plan = { kind: 'feed', url: `https://${host}/feed.xml`, name: FEED_NAMES[host] ?? host, rivalId: null, selector: null, interval: 60, snapshot: null, error: null, changes: [] };
    plans.push(plan);
    feedOf.set(host, plan);
  }
  s.rivals.forEach((r, ri) => {
    if (r.isDraft) return;
    const plan: Plan = { kind: 'feed', url: `https://www.${r.domain}/blog/rss`, name: `${r.name} blog`, rivalId: s.rivalIds[ri], selector: null, interval: 360, snapshot: null, error: null, changes: [] };
    plans.push(plan);
    feedOf.set(r.domain, plan);
  });
  for (const [name, query] of SEARCH_FEEDS) {
    if (plans.filter((p) => p.kind === 'feed').length >= FEEDS) break;
    plans.push({ kind: 'feed', url: `https://news.search.test/rss?q=${encodeURIComponent(query)}`, name, rivalId: null, selector: null, interval: 120, snapshot: null, error: null, changes: [] });
  }

  // The history: the demo intel each monitor brought in.
  s.intel.forEach((it, i) => {
    if (it.createdAt.getTime() < since) return;
    if (it.channel === 'rss' && it.source && feedOf.has(it.source)) {
      feedOf.get(it.source)!.changes.push({ intelIndex: i, title: it.title, link: it.permalink, at: it.createdAt, parts: null, added: [], removed: [] });
    } else if (it.channel === 'new_page') {
      const ri = it.rivalIndexes[0];
      const page = PAGES.find((p) => (p.topics as readonly string[]).includes(it.topics[0])) ?? PAGES[3];
      const plan = pageOf.get(`${ri}:${page.key}`);
      if (!plan) return;
      const diff = pageDiff(s.rng, s.rivals[ri], page.key, it.title);
      plan.changes.push({ intelIndex: i, title: `${plan.name} changed: ${diff.added[0]}`, link: plan.url, at: it.createdAt, ...diff });
    }
  });
  // Two monitors show what a failing check looks like.
  const failing = plans.filter((p) => p.kind === 'page' && p.url.endsWith('/careers')).slice(0, 2);
  failing[0].error = { reason: 'robots', message: "The site's robots.txt does not allow RivalscopeBot to read this page", status: null };
  if (failing[1]) failing[1].error = { reason: 'http', message: 'The page answered 404 Not Found', status: 404 };

  const rows = plans.map((p) => {
    const last = p.changes.reduce<Date | null>((m, c) => (!m || c.at > m ? c.at : m), null);
    // Checked last a few hours ago, or when it last found a change if that was later; paused since.
    const checked = new Date(Math.max(s.now.getTime() - s.rng.int(1, 6) * 3_600_000, last?.getTime() ?? 0));
    return sql`(${s.companyId}, ${p.kind}, ${p.url}, ${p.name}, ${p.rivalId}, ${p.selector}, ${p.interval}, true, ${s.curatorId},
      ${checked}, ${last}, ${s.now}, ${p.snapshot ? JSON.stringify(p.snapshot) : null}::jsonb,
      ${p.error ? 3 : 0}, ${p.error?.reason ?? null}, ${p.error?.message ?? null}, ${p.error?.status ?? null}, ${p.error ? s.now : null},
      ${new Date(since - s.rng.int(10, 60) * DAY)})`;
  });
  const { rows: ids } = await tx.execute(sql`
    INSERT INTO monitors (company_id, kind, url, name, rival_id, selector, interval_minutes, paused, created_by_id, last_check_at, last_change_at,
                          next_check_at, snapshot, failures, error_reason, error_message, error_status, error_at, created_at)
    VALUES ${sql.join(rows, sql`, `)} RETURNING id`);
  const monitorIds = (ids as { id: number }[]).map((r) => r.id);

  const changeRows = plans.flatMap((p, pi) =>
    p.changes.map((c, ci) => ({ monitorId: monitorIds[pi], key: p.kind === 'feed' ? (c.link ?? `entry-${ci}`) : `demo-${ci}`, ...c })),
  );
  let changes = 0;
  for (let at = 0; at < changeRows.length; at += 500) {
    const part = changeRows.slice(at, at + 500);
    const values = part.map(
      (c) => sql`(${s.companyId}, ${c.monitorId}, ${c.key}, ${c.title}, ${c.link}, ${c.parts ? JSON.stringify(c.parts) : null}::jsonb,
        ${pgArrayLiteral(c.added)}::text[], ${pgArrayLiteral(c.removed)}::text[], ${c.intelIndex === null ? null : s.intelIds[c.intelIndex]}, ${c.at})`,
    );
    const { rows: inserted } = await tx.execute(sql`
      INSERT INTO monitor_changes (company_id, monitor_id, key, title, link, parts, added_sentences, removed_sentences, intel_id, created_at)
      VALUES ${sql.join(values, sql`, `)} ON CONFLICT (monitor_id, key) DO NOTHING RETURNING id, intel_id`);
    changes += inserted.length;
    const sources = (inserted as { id: number; intel_id: number | null }[]).filter((r) => r.intel_id !== null);
    if (sources.length) {
      await tx.execute(sql`
        INSERT INTO intel_sources (company_id, intel_id, monitor_id, change_id, url, title, created_at)
        SELECT ${s.companyId}, c.intel_id, c.monitor_id, c.id, c.link, c.title, c.created_at FROM monitor_changes c
        WHERE c.id = ANY(${sql.param(sources.map((r) => r.id))}::int[])`);
    }
  }
  return { monitors: plans.length, changes };
}

/** The text a page monitor last saw: the rival's facts as its page would show them. */
function pageSnapshot(r: RivalFacts, key: (typeof PAGES)[number]['key']): PageSnapshot {
  const blocks =
    key === 'pricing'
      ? [`${r.name} pricing`, r.pricingModel, ...r.tiers.map((t) => `${t.name}: ${t.price}. Includes ${t.includes}.`)]
      : key === 'product'
        ? [`${r.name}: ${r.tagline}`, ...r.products.map((p) => `${p} is part of the ${r.name} platform.`), `${r.ai} answers questions in plain language.`, ...r.strengths]
        : key === 'careers'
          ? [`Careers at ${r.name}`, `${r.employees} people in ${r.hq} and remote.`, 'Open roles: Account Executive, Solutions Engineer, Staff Engineer.']
          : [`${r.name} release notes`, ...r.products.map((p) => `${p}: performance and stability improvements.`)];
  return { title: blocks[0], blocks, comparable: blocks.map((b) => b.toLowerCase()) };
}

/** A plausible inline diff for a page change: a price moved, a role opened, a feature shipped. */
function pageDiff(rng: Rng, r: RivalFacts, key: (typeof PAGES)[number]['key'], title: string): { parts: DiffPart[]; added: string[]; removed: string[] } {
  if (key === 'pricing' && r.tiers.length) {
    const t = rng.pick(r.tiers);
    const newPrice = t.price.replace(/\$(\d+(?:\.\d+)?)/, (_, n: string) => `$${(Number(n) * rng.pick([1.1, 1.15, 0.9])).toFixed(n.includes('.') ? 2 : 0)}`);
    const before = `${t.name}: ${t.price}.`;
    const after = `${t.name}: ${newPrice === t.price ? `${t.price} billed annually` : newPrice}.`;
    return { parts: [{ kind: 'same', text: `${r.name} pricing` }, { kind: 'removed', text: before }, { kind: 'added', text: after }, { kind: 'same', text: '…' }], added: [after], removed: [before] };
  }
  const added = title.endsWith('.') ? title : `${title}.`;
  const removed = key === 'careers' ? 'Open roles: Account Executive, Solutions Engineer.' : `${r.products[0]}: performance and stability improvements.`;
  return { parts: [{ kind: 'same', text: '…' }, { kind: 'removed', text: removed }, { kind: 'added', text: added }, { kind: 'same', text: '…' }], added: [added], removed: [removed] };
}

// Card and intel drafts the demo and scale seeders share: cards rendered from templates, intel items, their dates and their unnest rows.
import {
  INTEL_CHANNEL_WEIGHTS,
  INTEL_PRIORITY_WEIGHTS,
  INTEL_STATE_WEIGHTS,
  INTEL_TOPICS,
  JOB_SOURCES,
  NEWS_SOURCES,
  OUR_COMPANY,
  REVIEW_SOURCES,
  SOCIAL_SOURCES,
  intelValues,
  type CardTemplate,
  type GroupName,
  type RivalFacts,
  type TextBlock,
} from './content.ts';
import { DAY, Rng, fill, slugify } from './random.ts';
import { pgArrayLiteral, type columnar } from './bulk.ts';

export const INTEL_DAYS = 90;
export const CARD_DAYS = 180;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const CARD_COLUMNS = [
  ['id', 'int4'], ['company_id', 'int4'], ['board_id', 'int4'], ['name', 'text'], ['text_html', 'text'], ['text_json', 'jsonb'],
  ['has_dynamic_blocks', 'bool'], ['author_id', 'int4'], ['reviewer_id', 'int4'], ['reviewed_at', 'timestamptz'],
  ['view_order', 'text'], ['all_access', 'bool'], ['is_draft', 'bool'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
] as const;

export function pushCardRow(
  out: ReturnType<typeof columnar>,
  row: { id: number; companyId: number; boardId: number; viewOrder: number; authorId: number; reviewerId: number | null },
  d: CardDraft,
): void {
  out.push(
    row.id, row.companyId, row.boardId, d.name, d.textHtml, JSON.stringify(d.textJson), d.hasDynamicBlocks, row.authorId,
    row.reviewerId, iso(d.reviewedAt), String(row.viewOrder), d.visibility.mode === 1, d.visibility.mode === 0,
    iso(d.createdAt), iso(d.updatedAt),
  );
}

export const INTEL_COLUMNS = [
  ['id', 'int4'], ['company_id', 'int4'], ['state', 'text'], ['priority', 'text'], ['channel', 'text'], ['content_type', 'text'],
  ['topics', 'text[]'], ['source', 'text'], ['title', 'text'], ['curated_title', 'text'], ['summary', 'text'], ['body', 'text'],
  ['permalink', 'text'], ['from_address', 'text'], ['rank', 'int4'], ['related_to_id', 'int4'], ['submitted_by_id', 'int4'],
  ['actioned_by_id', 'int4'], ['actioned_at', 'timestamptz'], ['published_at', 'timestamptz'], ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

export function pushIntelRow(
  out: ReturnType<typeof columnar>,
  row: { id: number; companyId: number; relatedToId: number | null; submittedById: number | null; actionedById: number | null },
  it: IntelDraft,
): void {
  out.push(
    row.id, row.companyId, it.state, it.priority, it.channel, it.contentType, pgArrayLiteral(it.topics), it.source, it.title,
    it.curatedTitle, it.summary, it.body, it.permalink, it.fromAddress, it.rank, row.relatedToId, row.submittedById,
    row.actionedById, iso(it.actionedAt), iso(it.publishedAt), iso(it.createdAt), iso(it.updatedAt),
  );
}

// ---------------------------------------------------------------------------------------------
// Row builders shared with the scale seeder

export type CardVisibility = { mode: 0 | 1 | 2; groups: GroupName[] };

const MODE2_GROUPS: (readonly [GroupName[], number])[] = [
  [['Sales'], 40],
  [['Product Marketing'], 20],
  [['Executives'], 15],
  [['Sales', 'Product Marketing'], 15],
  [['Product Marketing', 'Executives'], 10],
];

export function drawVisibility(rng: Rng, t: CardTemplate): CardVisibility {
  if (t.visibility) return { mode: 2, groups: t.visibility.groups };
  const mode = rng.weighted([[1, 75], [0, 10], [2, 15]] as const);
  return { mode, groups: mode === 2 ? rng.weighted(MODE2_GROUPS) : [] };
}

export type CardDraft = {
  name: string;
  textHtml: string;
  textJson: TextBlock[];
  hasDynamicBlocks: boolean;
  tags: string[];
  visibility: CardVisibility;
  createdAt: Date;
  updatedAt: Date;
  reviewedAt: Date | null;
};

/** Renders one card from a template for a rival, with tags, visibility and dates. */
export function draftCard(rng: Rng, t: CardTemplate, r: RivalFacts, now: Date, tagNames: readonly string[]): CardDraft {
  const rendered = t.render({ r, rng, us: OUR_COMPANY });
  const blocks: TextBlock[] = typeof rendered === 'string' ? [{ type: 'html', value: rendered }] : rendered;
  const textHtml = blocks.map((b) => (b.type === 'html' ? b.value : `<p>${b.value}</p>`)).join('');
  let cardTags = t.tags.slice(0, 3);
  if (rng.chance(0.25) && cardTags.length < 3) {
    const extra = rng.pick(tagNames);
    if (!cardTags.includes(extra)) cardTags = [...cardTags, extra];
  }
  if (rng.chance(0.1)) cardTags = [];
  const createdAt = rng.dateWithinDays(now, CARD_DAYS);
  const updatedAt = rng.chance(0.4) ? createdAt : rng.between(createdAt, now);
  return {
    name: fill(t.name, { R: r.name }),
    textHtml,
    textJson: blocks,
    hasDynamicBlocks: blocks.some((b) => b.type === 'formula'),
    tags: cardTags,
    visibility: drawVisibility(rng, t),
    createdAt,
    updatedAt,
    reviewedAt: rng.chance(0.35) ? rng.between(updatedAt, now) : null,
  };
}

export type IntelDraft = {
  rivalIndexes: number[];
  state: (typeof INTEL_STATE_WEIGHTS)[number][0];
  priority: 'important' | 'interesting' | null;
  channel: (typeof INTEL_CHANNEL_WEIGHTS)[number][0];
  contentType: string;
  topics: string[];
  source: string | null;
  title: string;
  curatedTitle: string | null;
  summary: string | null;
  body: string;
  permalink: string | null;
  fromAddress: string | null;
  rank: number;
  actioned: boolean;
  actionedAt: Date | null;
  publishedAt: Date | null;
  submitted: boolean;
  createdAt: Date;
  updatedAt: Date;
};

function sourceFor(rng: Rng, contentType: string, r: RivalFacts): string {
  switch (contentType) {
    case 'job_posting':
      return rng.pick(JOB_SOURCES);
    case 'review':
      return rng.pick(REVIEW_SOURCES);
    case 'social':
      return rng.pick(SOCIAL_SOURCES);
    case 'webpage_change':
    case 'email':
      return r.domain;
    case 'press_release':
      return rng.chance(0.5) ? r.domain : 'pressline.test';
    default:
      return rng.pick(NEWS_SOURCES);
  }
}

/**
 * One intel item about rivals[rivalIndexes]. `pickRival` returns an index into `rivalFacts`
 * (weighted by the caller); dates fall within `days` before `now`, denser towards now.
 */
export function draftIntel(
  rng: Rng,
  rivalFacts: readonly RivalFacts[],
  pickRival: (rng: Rng) => number,
  now: Date,
  days = INTEL_DAYS,
): IntelDraft {
  const first = pickRival(rng);
  const rivalIndexes = [first];
  if (rng.chance(0.2)) {
    const second = pickRival(rng);
    if (second !== first) rivalIndexes.push(second);
  }
  const r = rivalFacts[first];
  const topic = rng.pick(INTEL_TOPICS);
  const topics = [topic.topic];
  if (rng.chance(0.25)) {
    const other = rng.pick(INTEL_TOPICS).topic;
    if (other !== topic.topic) topics.push(other);
  }
  const channel = rng.weighted(INTEL_CHANNEL_WEIGHTS);
  const contentType = channel === 'new_page' ? 'webpage_change' : channel === 'email' ? 'email' : rng.weighted(topic.contentTypes);
  const source = sourceFor(rng, contentType, r);
  const values = intelValues(rng, r);
  const title = fill(rng.pick(topic.titles), values);
  const lead = fill(rng.pick(topic.lead), values);
  const details = rng.sample(topic.details, rng.int(1, 3)).map((d) => fill(d, values));
  const body = [lead, ...details].join(' ');

  const createdAt = rng.recentDate(now, days, 1.6);
  const state = rng.weighted(INTEL_STATE_WEIGHTS);
  const priority = state === 'deleted' ? null : rng.weighted(INTEL_PRIORITY_WEIGHTS);
  const actioned = state !== 'unprocessed';
  const actionedAt = actioned
    ? new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(rng.next() * 3 * DAY)))
    : null;
  const published = state === 'archived' && rng.chance(0.4);
  const isEmail = channel === 'email';
  const datePath = `${createdAt.getUTCFullYear()}/${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
  const permalink = isEmail || channel === 'in_app' ? null : `https://${source}/${datePath}/${slugify(title)}-${rng.int(10_000, 99_999)}`;
  const base = priority === 'important' ? 60 : priority === 'interesting' ? 40 : 0;
  return {
    rivalIndexes,
    state,
    priority,
    channel,
    contentType,
    topics,
    source: channel === 'slack' ? 'Slack #compete' : channel === 'teams' ? 'Teams · Competitive Intel' : channel === 'in_app' ? null : source,
    title: isEmail ? `Fwd: ${title}` : title,
    curatedTitle: published && rng.chance(0.5) ? `${title} — what it means for us` : null,
    summary: rng.chance(0.75) ? lead : null,
    body,
    permalink,
    fromAddress: isEmail ? `${rng.pick(['news', 'updates', 'press', 'marketing'])}@${r.domain}` : null,
    rank: base + rng.int(0, 40),
    actioned,
    actionedAt,
    publishedAt: published ? actionedAt : null,
    submitted: channel === 'in_app' || channel === 'extension' || channel === 'slack' || channel === 'teams',
    createdAt,
    updatedAt: actionedAt ?? createdAt,
  };
}

/** Index pairs [item, relatedTo]: some items relate to an earlier item on the same rival and topic within a week. */
export function relatedPairs(rng: Rng, items: readonly IntelDraft[], p = 0.03): [number, number][] {
  const lastByKey = new Map<string, number>();
  const pairs: [number, number][] = [];
  items.forEach((it, i) => {
    const key = `${it.rivalIndexes[0]}|${it.topics[0]}`;
    const prev = lastByKey.get(key);
    if (prev !== undefined && it.createdAt.getTime() - items[prev].createdAt.getTime() < 7 * DAY && rng.chance(p)) {
      pairs.push([i, prev]);
    } else {
      lastByKey.set(key, i);
    }
  });
  return pairs;
}

// The intel search document: its mapping, the typed source the server reads back and the query that builds it.
import { eq, sql } from 'drizzle-orm';
import type { Exec } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { intelItems, posts, users } from '../db/schema.ts';
import type { IntelChannel, IntelPriority, IntelState } from '../contracts/intel.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { isoOrNull, pageOf, selected, versionOf, type BuiltDoc, type Ref, type Selection } from './build.ts';
import { analysisSettings, englishText, entityRef, typoTolerantText } from './analysis.ts';

/**
 * An intel item (alert) of the feed. Everything GET /api/intel/v1 returns is in the document, so a page of
 * hits needs no PostgreSQL round trip. Version 2 added the display and triage fields (intelId, rank,
 * relatedToId, related alert ids, postId, digests, updatedAt, actionedAt, permalink, submitter, names).
 */
export const intelIndex: IndexDefinition = {
  name: 'intel',
  version: 3,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      /** The id as a number: exact id filters, and id-ordered paging when a bulk update resolves its targets. */
      intelId: { type: 'integer' },
      company_id: { type: 'integer' },
      state: { type: 'keyword' }, // unprocessed | working | archived | deleted
      priority: { type: 'keyword' }, // important | interesting
      channel: { type: 'keyword' }, // rss | slack | teams | extension | email | rivalscopebot | in_app | new_page
      topics: { type: 'keyword' },
      contentType: { type: 'keyword' },
      rivals: entityRef(),
      rivalIds: { type: 'integer' },
      source: { type: 'keyword' },
      title: typoTolerantText(true),
      curatedTitle: typoTolerantText(true),
      summary: typoTolerantText(),
      body: englishText,
      permalink: { type: 'keyword', ignore_above: 2048 },
      fromAddress: { type: 'keyword' },
      rank: { type: 'integer' },
      published: { type: 'boolean' },
      createdAt: { type: 'date' },
      updatedAt: { type: 'date' },
      publishedAt: { type: 'date' },
      actionedAt: { type: 'date' },
      actionedBy: { type: 'integer' },
      actionedByName: { type: 'keyword' },
      submittedBy: { type: 'integer' },
      submittedByName: { type: 'keyword' },
      /** The item this one is a related alert of (folded under it in the list). */
      relatedToId: { type: 'integer' },
      /** How many related alerts are folded under this item, and their ids. */
      relatedAlerts: { type: 'integer' },
      relatedAlertIds: { type: 'integer' },
      postId: { type: 'integer' },
      digests: { type: 'integer' },
    },
  },
};

/** The intel document, as the indexer writes it and the server reads it back. */
export type IntelDoc = {
  id: string;
  intelId: number;
  company_id: number;
  state: IntelState;
  priority: IntelPriority | null;
  channel: IntelChannel;
  topics: string[];
  contentType: string;
  rivals: Ref[];
  rivalIds: number[];
  source: string | null;
  title: string;
  curatedTitle: string | null;
  summary: string | null;
  body: string;
  permalink: string | null;
  fromAddress: string | null;
  rank: number;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  actionedAt: string | null;
  actionedBy: number | null;
  actionedByName: string | null;
  submittedBy: number | null;
  submittedByName: string | null;
  relatedToId: number | null;
  relatedAlerts: number;
  relatedAlertIds: number[];
  postId: number | null;
  digests: number[];
};

const i = alias(intelItems, 'i');
const actioner = alias(users, 'ab');
const submitter = alias(users, 'sb');
const p = alias(posts, 'p');

/** The intel documents of the selected items. */
export async function buildIntelDocs(db: Exec, s: Selection): Promise<BuiltDoc<IntelDoc>[]> {
  const query = db
    .select({
      item: i,
      version: versionOf('intel', i.id),
      actionedByName: actioner.name,
      submittedByName: submitter.name,
      rivals: sql<Ref[]>`coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id)
        FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id WHERE ir.intel_id = ${i.id}), '[]')`,
      relatedIds: sql<number[]>`coalesce((SELECT array_agg(rel.id ORDER BY rel.id) FROM intel_items rel WHERE rel.related_to_id = ${i.id}), '{}')`,
      postId: p.id,
      digests: sql<number[]>`coalesce((SELECT array_agg(df.email_digest_id ORDER BY df.email_digest_id) FROM digest_favorites df
        WHERE df.post_id = ${p.id}), '{}')`,
    })
    .from(i)
    .leftJoin(actioner, eq(actioner.id, i.actionedById))
    .leftJoin(submitter, eq(submitter.id, i.submittedById))
    .leftJoin(p, eq(p.intelId, i.id))
    .where(selected(i.id, s))
    .$dynamic();
  const rows = await pageOf(query, i.id, s);
  return rows.map(({ item, ...r }) => ({
    id: item.id,
    version: Number(r.version),
    doc: {
      id: String(item.id),
      intelId: item.id,
      company_id: item.companyId,
      state: item.state,
      priority: item.priority,
      channel: item.channel,
      topics: item.topics,
      contentType: item.contentType,
      rivals: r.rivals,
      rivalIds: r.rivals.map((x) => x.id),
      source: item.source,
      title: item.title,
      curatedTitle: item.curatedTitle,
      summary: item.summary,
      body: item.body,
      permalink: item.permalink,
      fromAddress: item.fromAddress,
      rank: item.rank,
      published: item.publishedAt !== null,
      createdAt: item.createdAt.toISOString(),
      updatedAt: item.updatedAt.toISOString(),
      publishedAt: isoOrNull(item.publishedAt),
      actionedAt: isoOrNull(item.actionedAt),
      actionedBy: item.actionedById,
      actionedByName: r.actionedByName,
      submittedBy: item.submittedById,
      submittedByName: r.submittedByName,
      relatedToId: item.relatedToId,
      relatedAlerts: r.relatedIds.length,
      relatedAlertIds: r.relatedIds,
      postId: r.postId,
      digests: r.digests,
    },
  }));
}

// The intel search document: its mapping, the typed source the server reads back and the query that builds it.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Exec } from '../db/client.ts';
import { intelItems } from '../db/schema.ts';
import type { IntelChannel, IntelPriority, IntelState } from '../contracts/intel.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { isoOrNull, pageTail, selected, versionOf, type BuiltDoc, type Ref, type Selection } from './build.ts';
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
      channel: { type: 'keyword' }, // rss | slack | teams | extension | email | rivalscopebot | in_app | new_page | call
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

// A bulk builder (a million alerts at the target scale) reads through raw SQL with its row type written out:
// drizzle's builder maps each cell of each row through its column's decoder, which measured 40% more time to
// build the demo's 5,000 alert documents (13 µs a row), and a full reindex pays that on every row. The card,
// tag and battlecard read queries, which the server also reads through, use the builder.
const i = alias(intelItems, 'i');

/** The intel documents of the selected items. */
export async function buildIntelDocs(db: Exec, s: Selection): Promise<BuiltDoc<IntelDoc>[]> {
  type Row = Omit<IntelDoc, 'id' | 'intelId' | 'rivalIds' | 'published' | 'relatedAlerts' | 'relatedAlertIds' | 'postId' | 'curatedTitle' | 'contentType' | 'fromAddress' | 'createdAt' | 'updatedAt' | 'publishedAt' | 'actionedAt' | 'actionedBy' | 'actionedByName' | 'submittedBy' | 'submittedByName' | 'relatedToId'> & {
    id: number;
    version: string;
    curated_title: string | null;
    content_type: string;
    from_address: string | null;
    created_at: Date | string;
    updated_at: Date | string;
    published_at: Date | string | null;
    actioned_at: Date | string | null;
    related_to_id: number | null;
    actioned_by_id: number | null;
    actioned_by_name: string | null;
    submitted_by_id: number | null;
    submitted_by_name: string | null;
    related_ids: number[];
    post_id: number | null;
  };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT i.id, ${versionOf('intel', i.id)} AS version, i.company_id, i.state, i.priority, i.channel, i.topics,
          i.content_type, i.source, i.title, i.curated_title, i.summary, i.body, i.permalink, i.from_address, i.rank,
          i.created_at, i.updated_at, i.published_at, i.actioned_at, i.related_to_id,
          i.actioned_by_id, ab.name AS actioned_by_name, i.submitted_by_id, sb.name AS submitted_by_name,
          coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id)
                    FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id WHERE ir.intel_id = i.id), '[]') AS rivals,
          coalesce((SELECT array_agg(rel.id ORDER BY rel.id) FROM intel_items rel WHERE rel.related_to_id = i.id), '{}') AS related_ids,
          p.id AS post_id,
          coalesce((SELECT array_agg(df.email_digest_id ORDER BY df.email_digest_id) FROM digest_favorites df
                    WHERE df.post_id = p.id), '{}') AS digests
        FROM intel_items i
        LEFT JOIN users ab ON ab.id = i.actioned_by_id
        LEFT JOIN users sb ON sb.id = i.submitted_by_id
        LEFT JOIN posts p ON p.intel_id = i.id
        WHERE ${selected(i.id, s)} ${pageTail(i.id, s)}`,
  );
  return rows.map((r) => {
    const rivals = r.rivals;
    const related = r.related_ids;
    return {
      id: r.id,
      version: Number(r.version),
      doc: {
        id: String(r.id),
        intelId: r.id,
        company_id: r.company_id,
        state: r.state,
        priority: r.priority,
        channel: r.channel,
        topics: r.topics,
        contentType: r.content_type,
        rivals,
        rivalIds: rivals.map((x) => x.id),
        source: r.source,
        title: r.title,
        curatedTitle: r.curated_title,
        summary: r.summary,
        body: r.body,
        permalink: r.permalink,
        fromAddress: r.from_address,
        rank: r.rank,
        published: r.published_at !== null,
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
        publishedAt: isoOrNull(r.published_at),
        actionedAt: isoOrNull(r.actioned_at),
        actionedBy: r.actioned_by_id,
        actionedByName: r.actioned_by_name,
        submittedBy: r.submitted_by_id,
        submittedByName: r.submitted_by_name,
        relatedToId: r.related_to_id,
        relatedAlerts: related.length,
        relatedAlertIds: related,
        postId: r.post_id,
        digests: r.digests,
      },
    };
  });
}

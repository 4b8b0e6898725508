import type { IndexDefinition } from '../engine/port.ts';
import { analysisSettings, englishText, entityRef, textWithKeyword } from './analysis.ts';

/**
 * An intel item (alert) of the feed. Everything GET /api/intel/v1 returns is in the document, so a page of
 * hits needs no PostgreSQL round trip. Version 2 added the display and triage fields (intelId, rank,
 * relatedToId, related alert ids, postId, digests, updatedAt, actionedAt, permalink, submitter, names).
 */
export const intelIndex: IndexDefinition = {
  name: 'intel',
  version: 2,
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
      title: textWithKeyword(),
      curatedTitle: textWithKeyword(),
      summary: englishText,
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

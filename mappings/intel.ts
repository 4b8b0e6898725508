import type { IndexDefinition } from '../engine/port.ts';
import { analysisSettings, englishText, entityRef, textWithKeyword } from './analysis.ts';

/** An intel item (alert) of the feed. */
export const intelIndex: IndexDefinition = {
  name: 'intel',
  version: 1,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
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
      published: { type: 'boolean' },
      createdAt: { type: 'date' },
      publishedAt: { type: 'date' },
      actionedBy: { type: 'integer' },
      relatedAlerts: { type: 'integer' },
      digests: { type: 'integer' },
    },
  },
};

// Analysis settings shared by every index, in OpenSearch's JSON shape.
import type { FieldMapping, IndexSettings } from '../engine/port.ts';

export const analysisSettings: IndexSettings = {
  number_of_shards: 1,
  number_of_replicas: 0,
  max_result_window: 10_000,
  analysis: {
    analyzer: {
      // OpenSearch's `english` analyzer plus ASCII folding (so "café" finds "cafe").
      rs_english: {
        type: 'custom',
        tokenizer: 'standard',
        filter: ['rs_possessive', 'lowercase', 'asciifolding', 'rs_english_stop', 'porter_stem'],
      },
      // Words as typed (no stemming), for typo tolerance: "securty" is one edit from "security",
      // three from its stem "secur".
      rs_plain: {
        type: 'custom',
        tokenizer: 'standard',
        filter: ['rs_possessive', 'lowercase', 'asciifolding', 'rs_english_stop'],
      },
      // Completion input: whole title, lowercased and folded, word separators kept.
      rs_suggest: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
    },
    normalizer: {
      rs_folded: { type: 'custom', filter: ['lowercase', 'asciifolding'] },
    },
    filter: {
      rs_possessive: { type: 'stemmer', language: 'possessive_english' },
      rs_english_stop: { type: 'stop', stopwords: '_english_' },
    },
  },
};

/** Full-text field with an exact `keyword` subfield (for sorting and exact filters). */
export function textWithKeyword(): FieldMapping {
  return {
    type: 'text',
    analyzer: 'rs_english',
    fields: { keyword: { type: 'keyword', ignore_above: 256 } },
  };
}

export const englishText: FieldMapping = { type: 'text', analyzer: 'rs_english' };

/** The subfield of words as typed that typo-tolerant matching reads (`title.plain`). */
export const PLAIN = 'plain';

/** `title^3` → `title.plain^3`: each field's words-as-typed subfield, where search forgives typos. */
export const asTyped = (fields: readonly string[]): string[] => fields.map((f) => f.replace(/^[^^]+/, (path) => `${path}.${PLAIN}`));

/** English text with its words-as-typed subfield, for the fields typos are forgiven in. */
export function typoTolerantText(keyword = false): FieldMapping {
  return {
    type: 'text',
    analyzer: 'rs_english',
    fields: { [PLAIN]: { type: 'text', analyzer: 'rs_plain' }, ...(keyword ? { keyword: { type: 'keyword', ignore_above: 256 } } : {}) },
  };
}

/** An `{ id, name }` reference to another entity. */
export function entityRef(): FieldMapping {
  return { properties: { id: { type: 'integer' }, name: textWithKeyword() } };
}

/** Completion field whose suggestions are filtered by audience (see audiences.ts). */
export const scopedCompletion: FieldMapping = {
  type: 'completion',
  analyzer: 'rs_suggest',
  preserve_separators: true,
  contexts: [{ name: 'scope', type: 'category' }],
};

/** Visibility fields shared by cards and battlecards; `audiences` is what search filters on (audiences.ts). */
export const visibilityFields: Record<string, FieldMapping> = {
  company_id: { type: 'integer' },
  audiences: { type: 'keyword' },
  isDraft: { type: 'boolean' },
  allAccess: { type: 'boolean' },
  visibilityGroupIds: { type: 'integer' },
};

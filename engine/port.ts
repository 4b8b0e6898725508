// The search-engine port: the one contract the server and the indexer code against.
// Shapes mirror OpenSearch's JSON so the OpenSearch adapter passes requests through unchanged;
// the embedded engine implements the same subset. See docs/ENGINE.md.

// ---------------------------------------------------------------- index definitions

export type FieldType =
  | 'text'
  | 'keyword'
  | 'integer'
  | 'long'
  | 'float'
  | 'double'
  | 'date'
  | 'boolean'
  | 'object'
  | 'completion';

export interface CompletionContext {
  name: string;
  type: 'category';
  /** Document field holding the context values; when absent they come from the completion input. */
  path?: string;
}

/** One field of an OpenSearch mapping. A field with `properties` and no type is an object. */
export interface FieldMapping {
  type?: FieldType;
  analyzer?: string;
  search_analyzer?: string;
  normalizer?: string;
  /** Multi-fields, e.g. `title.keyword`. */
  fields?: Record<string, FieldMapping>;
  properties?: Record<string, FieldMapping>;
  format?: string;
  ignore_above?: number;
  index?: boolean;
  contexts?: CompletionContext[];
  preserve_separators?: boolean;
  preserve_position_increments?: boolean;
  max_input_length?: number;
}

export interface AnalyzerDef {
  type: 'custom' | 'standard' | 'english' | 'keyword' | 'simple' | 'whitespace';
  tokenizer?: 'standard' | 'keyword' | 'whitespace' | 'lowercase';
  filter?: string[];
  stopwords?: string | string[];
}

export interface NormalizerDef {
  type: 'custom';
  filter: string[];
}

export interface TokenFilterDef {
  type: 'stop' | 'stemmer' | 'lowercase' | 'asciifolding' | 'porter_stem';
  stopwords?: string | string[];
  language?: 'english' | 'possessive_english' | 'light_english' | 'minimal_english' | 'porter';
}

export interface IndexSettings {
  number_of_shards?: number;
  number_of_replicas?: number;
  max_result_window?: number;
  analysis?: {
    analyzer?: Record<string, AnalyzerDef>;
    normalizer?: Record<string, NormalizerDef>;
    filter?: Record<string, TokenFilterDef>;
  };
}

/**
 * An index definition in OpenSearch's own JSON shape (settings + mappings), plus the logical
 * name (used as the alias) and a version. The concrete index is `${name}_v${version}`.
 */
export interface IndexDefinition {
  name: string;
  version: number;
  settings: IndexSettings;
  mappings: {
    dynamic?: 'strict' | boolean;
    properties: Record<string, FieldMapping>;
  };
}

// ---------------------------------------------------------------- query DSL (OpenSearch subset)

export type TermValue = string | number | boolean;
export type Fuzziness = 'AUTO' | 0 | 1 | 2 | '0' | '1' | '2';
export type MinimumShouldMatch = number | string;

export interface MatchParams {
  query: string | number | boolean;
  operator?: 'or' | 'and' | 'OR' | 'AND';
  fuzziness?: Fuzziness;
  /** With fuzziness: the first characters a variant keeps unchanged (default 0). */
  prefix_length?: number;
  minimum_should_match?: MinimumShouldMatch;
  boost?: number;
}

export interface MultiMatchParams {
  query: string;
  /** Field names with optional boosts: `['title^3', 'text']`. */
  fields: string[];
  /**
   * best_fields (default): each field scored as its own match query, score = max(field scores) +
   * tie_breaker * sum(the others). cross_fields: the fields are one big field per search analyzer;
   * each query term may match in any of them (operator/minimum_should_match count terms, not
   * fields), scored as a dis_max over the fields with document frequencies blended across them
   * (OpenSearch's BlendedTermQuery). cross_fields takes text and keyword fields, no fuzziness.
   */
  type?: 'best_fields' | 'cross_fields';
  operator?: 'or' | 'and' | 'OR' | 'AND';
  fuzziness?: Fuzziness;
  /** With fuzziness: the first characters a variant keeps unchanged (default 0). */
  prefix_length?: number;
  tie_breaker?: number;
  minimum_should_match?: MinimumShouldMatch;
  boost?: number;
}

export interface RangeParams {
  gt?: string | number;
  gte?: string | number;
  lt?: string | number;
  lte?: string | number;
  /** IANA name (`Europe/Paris`) or offset (`+01:00`): applies to date strings without a zone and to rounding. */
  time_zone?: string;
  boost?: number;
}

export interface BoolQuery {
  must?: Query | Query[];
  should?: Query | Query[];
  must_not?: Query | Query[];
  filter?: Query | Query[];
  minimum_should_match?: MinimumShouldMatch;
  boost?: number;
}

/** The best of its queries' scores, plus tie_breaker times the others' (a document matches when any query does). */
export interface DisMaxQuery {
  queries: Query[];
  tie_breaker?: number;
  boost?: number;
}

export type Query =
  | { match_all: { boost?: number } }
  | { match_none: Record<string, never> }
  | { match: Record<string, MatchParams | string | number | boolean> }
  | { multi_match: MultiMatchParams }
  | { term: Record<string, TermValue | { value: TermValue; boost?: number }> }
  | { terms: { boost?: number; [field: string]: TermValue[] | number | undefined } }
  | { ids: { values: string[] } }
  | { range: Record<string, RangeParams> }
  | { prefix: Record<string, string | { value: string; boost?: number }> }
  | { exists: { field: string } }
  | { bool: BoolQuery }
  | { dis_max: DisMaxQuery }
  | { constant_score: { filter: Query; boost?: number } };

export type SortOrder = 'asc' | 'desc';
export type SortClause =
  | '_score'
  | string
  | { [field: string]: SortOrder | { order?: SortOrder; missing?: '_last' | '_first'; mode?: 'min' | 'max' } };

export type CalendarInterval =
  | 'minute' | '1m' | 'hour' | '1h' | 'day' | '1d' | 'week' | '1w' | 'month' | '1M' | 'quarter' | '1q' | 'year' | '1y';

export type Aggregation =
  | {
      terms: {
        field: string;
        size?: number;
        min_doc_count?: number;
        /** Only the default order is supported: count desc, key asc. */
        order?: { _count: 'desc' } | [{ _count: 'desc' }, { _key: 'asc' }];
      };
      aggs?: Record<string, Aggregation>;
    }
  | {
      date_histogram: {
        field: string;
        calendar_interval: CalendarInterval;
        time_zone?: string;
        min_doc_count?: number;
        extended_bounds?: { min: string | number; max: string | number };
      };
      aggs?: Record<string, Aggregation>;
    }
  | { filter: Query; aggs?: Record<string, Aggregation> };

export interface HighlightField {
  fragment_size?: number;
  number_of_fragments?: number;
  pre_tags?: string[];
  post_tags?: string[];
}

export interface HighlightRequest {
  fields: Record<string, HighlightField>;
  /** Defaults `<em>` / `</em>`. */
  pre_tags?: string[];
  post_tags?: string[];
  /** Default 100 characters, as OpenSearch. */
  fragment_size?: number;
  /** Default 5; 0 returns the whole field highlighted. */
  number_of_fragments?: number;
  /** `html` escapes the text around the tags (safe to render); default leaves it as stored. */
  encoder?: 'default' | 'html';
  /** The query whose terms are marked, instead of the search's (words that only rank are not shown as matches). */
  highlight_query?: Query;
}

export interface SearchRequest {
  query?: Query;
  /** Filters hits after aggregations are computed (for facets that keep their own options). */
  post_filter?: Query;
  sort?: SortClause[];
  from?: number;
  /** Default 10; from + size may not exceed `max_result_window` (10 000). */
  size?: number;
  aggs?: Record<string, Aggregation>;
  highlight?: HighlightRequest;
  /** Default 10 000 as OpenSearch: totals above it come back as `{ value: 10000, relation: 'gte' }`. */
  track_total_hits?: boolean | number;
  /** `false` to omit sources, or a list of fields to include. */
  _source?: boolean | string[];
}

export interface Hit<S = Record<string, unknown>> {
  id: string;
  /** null when sorted by a field (OpenSearch does not compute scores then). */
  score: number | null;
  source: S;
  highlight?: Record<string, string[]>;
  sort?: (string | number | null)[];
}

export interface Bucket {
  key: string | number;
  key_as_string?: string;
  doc_count: number;
  /** Sub-aggregations sit inline, keyed by their names, as in OpenSearch. */
  [subAggregation: string]: unknown;
}

export interface TermsAggregate {
  doc_count_error_upper_bound: number;
  sum_other_doc_count: number;
  buckets: Bucket[];
}

export interface DateHistogramAggregate {
  buckets: Bucket[];
}

export interface FilterAggregate {
  doc_count: number;
  [subAggregation: string]: unknown;
}

export type Aggregate = TermsAggregate | DateHistogramAggregate | FilterAggregate;

export interface SearchResponse<S = Record<string, unknown>> {
  total: { value: number; relation: 'eq' | 'gte' };
  max_score: number | null;
  hits: Hit<S>[];
  aggregations?: Record<string, Aggregate>;
  took_ms?: number;
}

// ---------------------------------------------------------------- completion suggestions

export interface CompletionSuggester {
  /** The prefix the user typed. */
  prefix: string;
  completion: {
    /** A field of type `completion`. */
    field: string;
    size?: number;
    skip_duplicates?: boolean;
    fuzzy?: boolean | { fuzziness?: Fuzziness; prefix_length?: number; min_length?: number };
    /** Category contexts: a suggestion matches when it has ANY of the listed values. */
    contexts?: Record<string, string[]>;
  };
}

export type SuggestRequest = Record<string, CompletionSuggester>;

export interface SuggestOption<S = Record<string, unknown>> {
  text: string;
  id: string;
  score: number;
  source: S;
}

/** One list of options per named suggester, best first. */
export type SuggestResponse<S = Record<string, unknown>> = Record<string, SuggestOption<S>[]>;

/** The value a document puts in a completion field. */
export interface CompletionInput {
  input: string[];
  weight?: number;
  contexts?: Record<string, string[]>;
}

// ---------------------------------------------------------------- writes

/**
 * `version` is an external, monotonic version (e.g. the row's change sequence). A write applies
 * only when its version is greater than the stored one (deletes included); otherwise it is
 * reported as `stale` and ignored, which makes replays idempotent.
 */
export type BulkOp =
  | { op: 'upsert'; id: string; version: number; doc: Record<string, unknown> }
  | { op: 'delete'; id: string; version: number };

export type BulkItemStatus = 'created' | 'updated' | 'deleted' | 'not_found' | 'stale' | 'error';

export interface BulkItemResult {
  id: string;
  status: BulkItemStatus;
  error?: string;
}

export interface BulkResult {
  /** True when any item has status `error` (stale items are not errors). */
  errors: boolean;
  items: BulkItemResult[];
}

export interface BulkOptions {
  /** Make the batch visible to searches before returning (default false: visible after refresh). */
  refresh?: boolean;
}

// ---------------------------------------------------------------- the engine

export interface StoredDoc<S = Record<string, unknown>> {
  id: string;
  version: number;
  source: S;
}

export interface VersionEntry {
  id: string;
  version: number;
}

export interface VersionPage {
  items: VersionEntry[];
  /** Pass as `after` to read the next page; absent on the last page. */
  next?: string;
}

export interface EnsureIndexResult {
  /** The alias searches use (the definition's name). */
  alias: string;
  /** The concrete index the alias points to. */
  index: string;
  created: boolean;
  /** False when the alias points to another version: run a full reindex and swap. */
  upToDate: boolean;
  /** True when the embedded snapshot of this index was missing or corrupt: rebuild from PostgreSQL. */
  needsRebuild: boolean;
}

export interface EngineHealth {
  status: 'green' | 'yellow' | 'red';
  engine: 'embedded' | 'opensearch';
  indices: Record<string, { alias: string | null; docs: number; segments?: number; needsRebuild?: boolean }>;
  snapshot?: { state: 'loaded' | 'missing' | 'corrupt' | 'disabled'; detail?: string };
}

export interface SearchEngine {
  readonly kind: 'embedded' | 'opensearch';

  /** Creates `${name}_v${version}` and the alias `name` when the alias does not exist yet. */
  ensureIndex(def: IndexDefinition): Promise<EnsureIndexResult>;
  /**
   * Creates the concrete index for this definition (for a zero-downtime reindex); returns its name.
   * A `build` label names a second index of the same version (`cards_v1_b<label>`), so an index
   * that is live can be rebuilt beside itself.
   */
  createIndexVersion(def: IndexDefinition, build?: string): Promise<string>;
  /** Points `alias` at `index` atomically; returns the index it pointed at before. */
  swapAlias(alias: string, index: string): Promise<{ previous: string | null }>;
  aliasTarget(alias: string): Promise<string | null>;
  deleteIndex(index: string): Promise<void>;

  /** `index` may be an alias or a concrete index. Readers never see part of a batch. */
  bulk(index: string, ops: BulkOp[], options?: BulkOptions): Promise<BulkResult>;
  /** Makes all completed bulks visible to searches. */
  refresh(index: string): Promise<void>;
  /**
   * Refreshes, then merges the index's segments as far as the engine goes (OpenSearch: into one), dropping deleted
   * docs: for an index just built in bulk, before it serves. Results do not change; searches get cheaper.
   */
  forceMerge(index: string): Promise<void>;

  get<S = Record<string, unknown>>(index: string, id: string): Promise<StoredDoc<S> | null>;
  count(index: string, query?: Query): Promise<number>;
  search<S = Record<string, unknown>>(index: string, request: SearchRequest): Promise<SearchResponse<S>>;
  suggest<S = Record<string, unknown>>(index: string, request: SuggestRequest): Promise<SuggestResponse<S>>;
  /** Pages of (id, version) sorted by id, to compare the engine with PostgreSQL. */
  listVersions(index: string, page?: { after?: string; size?: number }): Promise<VersionPage>;

  health(): Promise<EngineHealth>;
  close(): Promise<void>;
}

/** The concrete index name of a definition (and of one of its labelled builds). */
export function concreteIndexName(def: Pick<IndexDefinition, 'name' | 'version'>, build?: string): string {
  return build ? `${def.name}_v${def.version}_b${build}` : `${def.name}_v${def.version}`;
}

/** Whether a concrete index holds this definition's version (plain or a labelled build). */
export function isVersionOf(index: string, def: Pick<IndexDefinition, 'name' | 'version'>): boolean {
  const base = concreteIndexName(def);
  return index === base || index.startsWith(`${base}_b`);
}

/** Defaults shared by both adapters. */
export const ENGINE_LIMITS = {
  maxResultWindow: 10_000,
  defaultSize: 10,
  trackTotalHitsDefault: 10_000,
  defaultFragmentSize: 100,
  defaultNumberOfFragments: 5,
  defaultSuggestSize: 5,
  maxTermsSize: 10_000,
} as const;

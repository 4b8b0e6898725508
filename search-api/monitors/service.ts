// Monitors as curators manage them (contracts/monitors.ts): the list with its filters, one monitor, its changes,
// create (the URL checked by the outbound rules first), preview, OPML import, pause and resume, delete, and
// "Check now". Every statement is scoped by the curator's company; another company's monitor is not found.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.ts';
import {
  MONITOR_IMPORT_MAX,
  MONITOR_INTERVAL,
  MONITOR_SPARK_DAYS,
  MONITORS_PAGE_SIZE,
  type Monitor,
  type MonitorBody,
  type MonitorChangePage,
  type MonitorErrorReason,
  type MonitorImportResult,
  type MonitorPage,
  type MonitorPatch,
  type MonitorPreview,
  type MonitorPreviewBody,
  type MonitorsQuery,
} from '../../contracts/monitors.ts';
import { apiError, fieldError } from '../errors.ts';
import { assertRivals } from '../intel/update.ts';
import type { OutboundClient } from '../outbound/client.ts';
import { OutboundError } from '../outbound/errors.ts';
import { checkUrl, type AllowHosts } from '../outbound/rules.ts';
import { MONITORS } from './constants.ts';
import { rivalNames } from './context.ts';
import { parseOpml } from './feeds.ts';
import { rivalsMentioned } from './mentions.ts';
import { readSource } from './source.ts';

type Scope = { companyId: number; userId: number };

// ---- reading

const MONITOR_COLUMNS = sql`
  m.id, m.kind, m.url, m.name, m.selector, m.interval_minutes, m.paused, m.last_check_at, m.last_change_at, m.next_check_at,
  m.error_reason, m.error_message, m.error_status, m.error_at, m.created_at, r.id AS rival_id, r.name AS rival_name,
  (SELECT count(DISTINCT c.intel_id)::int FROM monitor_changes c WHERE c.monitor_id = m.id AND c.intel_id IS NOT NULL) AS intel_count,
  (SELECT coalesce(array_agg(coalesce(n, 0) ORDER BY d), '{}') FROM generate_series(0, ${MONITOR_SPARK_DAYS - 1}::int) AS d
     LEFT JOIN (SELECT (current_date - c.created_at::date) AS ago, count(*)::int AS n FROM monitor_changes c
                WHERE c.monitor_id = m.id AND c.created_at >= current_date - ${MONITOR_SPARK_DAYS - 1}::int GROUP BY 1) x
       ON x.ago = ${MONITOR_SPARK_DAYS - 1}::int - d) AS changes_by_day`;

type Row = {
  id: number;
  kind: Monitor['kind'];
  url: string;
  name: string;
  selector: string | null;
  interval_minutes: number;
  paused: boolean;
  last_check_at: Date | null;
  last_change_at: Date | null;
  next_check_at: Date | null;
  error_reason: MonitorErrorReason | null;
  error_message: string | null;
  error_status: number | null;
  error_at: Date | null;
  created_at: Date;
  rival_id: number | null;
  rival_name: string | null;
  intel_count: number;
  changes_by_day: number[];
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toMonitor(r: Row): Monitor {
  const failing = r.error_reason !== null;
  return {
    id: r.id,
    kind: r.kind,
    url: r.url,
    name: r.name,
    rival: r.rival_id === null ? null : { id: r.rival_id, name: r.rival_name! },
    selector: r.selector,
    intervalMinutes: r.interval_minutes,
    paused: r.paused,
    status: r.paused ? 'paused' : failing ? 'failing' : r.last_check_at ? 'ok' : 'pending',
    lastCheckAt: iso(r.last_check_at),
    lastChangeAt: iso(r.last_change_at),
    nextCheckAt: r.paused ? null : iso(r.next_check_at),
    error: failing ? { reason: r.error_reason!, message: r.error_message ?? '', status: r.error_status, at: iso(r.error_at)! } : null,
    changesByDay: r.changes_by_day.map(Number),
    intelCount: r.intel_count,
    createdAt: iso(r.created_at)!,
  };
}

const ORDER: Record<MonitorsQuery['sort'], SQL> = {
  last_change_at: sql`m.last_change_at DESC NULLS LAST, m.id DESC`,
  name: sql`lower(m.name), m.id`,
  created: sql`m.created_at DESC, m.id DESC`,
};

export async function listMonitors(db: Db, companyId: number, q: MonitorsQuery): Promise<MonitorPage> {
  const where: SQL[] = [sql`m.company_id = ${companyId}`];
  if (q.hasChanged) where.push(sql`m.last_change_at IS NOT NULL`);
  if (q.rivalId) where.push(sql`m.rival_id = ${q.rivalId}`);
  if (q.kind) where.push(sql`m.kind = ${q.kind}`);
  if (q.failing !== undefined) where.push(q.failing ? sql`m.error_reason IS NOT NULL` : sql`m.error_reason IS NULL`);
  const filter = sql.join(where, sql` AND `);
  const { rows: count } = await db.execute(sql`SELECT count(*)::int AS n FROM monitors m WHERE ${filter}`);
  const { rows } = await db.execute(sql`
    SELECT ${MONITOR_COLUMNS} FROM monitors m LEFT JOIN rivals r ON r.id = m.rival_id
    WHERE ${filter} ORDER BY ${ORDER[q.sort]} LIMIT ${MONITORS_PAGE_SIZE} OFFSET ${(q.page - 1) * MONITORS_PAGE_SIZE}`);
  return { items: (rows as Row[]).map(toMonitor), total: (count[0] as { n: number }).n, page: q.page, limit: MONITORS_PAGE_SIZE };
}

export async function readMonitor(db: Exec, companyId: number, id: number): Promise<Monitor> {
  const { rows } = await db.execute(sql`
    SELECT ${MONITOR_COLUMNS} FROM monitors m LEFT JOIN rivals r ON r.id = m.rival_id WHERE m.company_id = ${companyId} AND m.id = ${id}`);
  if (!rows.length) throw apiError('monitor_not_found');
  return toMonitor(rows[0] as Row);
}

export async function listChanges(db: Db, companyId: number, id: number, page: number): Promise<MonitorChangePage> {
  await readMonitor(db, companyId, id);
  const { rows: count } = await db.execute(sql`SELECT count(*)::int AS n FROM monitor_changes WHERE monitor_id = ${id}`);
  const { rows } = await db.execute(sql`
    SELECT c.id, c.created_at, c.title, c.link, c.parts, c.added_sentences, c.removed_sentences,
           i.id AS intel_id, coalesce(i.curated_title, i.title) AS intel_title, i.state AS intel_state
    FROM monitor_changes c LEFT JOIN intel_items i ON i.id = c.intel_id
    WHERE c.monitor_id = ${id} ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${MONITORS_PAGE_SIZE} OFFSET ${(page - 1) * MONITORS_PAGE_SIZE}`);
  type ChangeRow = {
    id: number;
    created_at: Date;
    title: string;
    link: string | null;
    parts: MonitorChangePage['items'][number]['parts'];
    added_sentences: string[];
    removed_sentences: string[];
    intel_id: number | null;
    intel_title: string | null;
    intel_state: string | null;
  };
  return {
    items: (rows as ChangeRow[]).map((c) => ({
      id: c.id,
      at: iso(c.created_at)!,
      title: c.title,
      parts: c.parts,
      addedSentences: c.added_sentences,
      removedSentences: c.removed_sentences,
      link: c.link,
      intel: c.intel_id === null ? null : { id: c.intel_id, title: c.intel_title!, state: c.intel_state! },
    })),
    total: (count[0] as { n: number }).n,
    page,
    limit: MONITORS_PAGE_SIZE,
  };
}

// ---- writing

/** The URL as the outbound rules take it, or a 400 naming `field`. */
function allowedUrl(raw: string, allowHosts: AllowHosts, field: string): string {
  try {
    return checkUrl(raw, allowHosts).toString();
  } catch (err) {
    if (err instanceof OutboundError) throw fieldError('monitor_url_refused', field, { problem: err.message });
    throw err;
  }
}

export async function createMonitor(db: Db, allowHosts: AllowHosts, s: Scope, body: MonitorBody): Promise<Monitor> {
  const url = allowedUrl(body.url, allowHosts, 'url');
  if (body.rivalId) await assertRivals(db, s.companyId, [body.rivalId], 'rivalId');
  const { rows: same } = await db.execute(sql`SELECT name FROM monitors WHERE company_id = ${s.companyId} AND kind = ${body.kind} AND url = ${url}`);
  if (same.length) throw fieldError('monitor_exists', 'url', { name: (same[0] as { name: string }).name });
  const { rows } = await db.execute(sql`
    INSERT INTO monitors (company_id, kind, url, name, rival_id, selector, interval_minutes, created_by_id)
    VALUES (${s.companyId}, ${body.kind}, ${url}, ${body.name ?? new URL(url).hostname}, ${body.rivalId}, ${body.selector}, ${body.intervalMinutes}, ${s.userId})
    RETURNING id`);
  const id = (rows[0] as { id: number }).id;
  await wakeScheduler(db);
  return readMonitor(db, s.companyId, id);
}

export async function updateMonitor(db: Db, companyId: number, id: number, patch: MonitorPatch): Promise<Monitor> {
  const current = await readMonitor(db, companyId, id);
  if (patch.rivalId) await assertRivals(db, companyId, [patch.rivalId], 'rivalId');
  if (patch.selector && current.kind !== 'page') throw apiError('invalid_input', { where: 'body', field: 'selector', problem: 'applies to page monitors only' });
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.name !== undefined) sets.push(sql`name = ${patch.name}`);
  if (patch.rivalId !== undefined) sets.push(sql`rival_id = ${patch.rivalId}`);
  if (patch.intervalMinutes !== undefined) sets.push(sql`interval_minutes = ${patch.intervalMinutes}`);
  // A new selector watches other text: the next check starts over from it rather than reporting the switch as a change.
  if (patch.selector !== undefined) sets.push(sql`selector = ${patch.selector}, snapshot = NULL, etag = NULL, last_modified = NULL`);
  if (patch.paused !== undefined) {
    sets.push(sql`paused = ${patch.paused}`);
    // Resumed, a monitor is checked at once when its time has passed meanwhile.
    if (!patch.paused) sets.push(sql`next_check_at = least(next_check_at, now() + make_interval(mins => interval_minutes))`);
  }
  await db.execute(sql`UPDATE monitors SET ${sql.join(sets, sql`, `)} WHERE company_id = ${companyId} AND id = ${id}`);
  if (patch.paused === false) await wakeScheduler(db);
  return readMonitor(db, companyId, id);
}

export async function deleteMonitor(db: Db, companyId: number, id: number): Promise<void> {
  const { rowCount } = await db.execute(sql`DELETE FROM monitors WHERE company_id = ${companyId} AND id = ${id}`);
  if (!rowCount) throw apiError('monitor_not_found');
}

/** "Check now": due at once, paused or not; the scheduler is woken to take it. */
export async function checkNow(db: Db, companyId: number, id: number): Promise<void> {
  const { rowCount } = await db.execute(sql`
    UPDATE monitors SET next_check_at = now() - interval '1 second', updated_at = now() WHERE company_id = ${companyId} AND id = ${id}`);
  if (!rowCount) throw apiError('monitor_not_found');
  await db.execute(sql`SELECT pg_notify(${MONITORS.channel}, ${String(id)})`);
}

const wakeScheduler = (db: Exec) => db.execute(sql`SELECT pg_notify(${MONITORS.channel}, '')`);

// ---- preview and import

export async function previewMonitor(db: Db, outbound: OutboundClient, allowHosts: AllowHosts, companyId: number, body: MonitorPreviewBody): Promise<MonitorPreview> {
  const url = allowedUrl(body.url, allowHosts, 'url');
  let read;
  try {
    read = await readSource(outbound, url, { kind: body.kind, selector: body.selector ?? null });
  } catch (err) {
    throw apiError('monitor_unreadable', { url, problem: (err as Error).message });
  }
  if (read.notModified) throw apiError('monitor_unreadable', { url, problem: 'the server answered 304 Not Modified to a first request' });
  const rivals = await rivalNames(db, companyId);
  const text =
    read.kind === 'page'
      ? `${read.snapshot.title}\n${read.snapshot.blocks.slice(0, MONITORS.previewBlocks).join('\n')}`
      : `${read.feed.title}\n${read.feed.entries.map((e) => e.title).join('\n')}`;
  const suggested = mostMentioned(text, rivals);
  return {
    kind: read.kind,
    url: read.url,
    title: read.kind === 'page' ? read.snapshot.title : read.feed.title,
    text: read.kind === 'page' ? read.snapshot.blocks.slice(0, MONITORS.previewBlocks) : [],
    entries:
      read.kind === 'feed'
        ? read.feed.entries.slice(0, MONITORS.previewEntries).map((e) => ({ title: e.title, link: e.link ?? null, publishedAt: e.publishedAt ?? null }))
        : [],
    feedUrl: read.kind === 'page' ? read.feedUrl : null,
    suggestedRival: suggested ? { id: suggested.id, name: suggested.name } : null,
  };
}

/** The rival named in the most lines of the text (the title counts first on a tie). */
function mostMentioned<R extends { id: number; name: string; aliases: string[] }>(text: string, rivals: R[]): R | null {
  const counts = new Map<number, number>();
  for (const line of text.split('\n')) for (const id of rivalsMentioned(line, rivals)) counts.set(id, (counts.get(id) ?? 0) + 1);
  let best: R | null = null;
  for (const r of rivals) if ((counts.get(r.id) ?? 0) > 0 && (!best || counts.get(r.id)! > counts.get(best.id)!)) best = r;
  return best;
}

export async function importOpml(db: Db, allowHosts: AllowHosts, s: Scope, opml: string, rivalId: number | null): Promise<MonitorImportResult> {
  let feeds: { title: string; url: string }[];
  try {
    feeds = parseOpml(opml);
  } catch (err) {
    throw fieldError('monitor_import_malformed', 'opml', { problem: (err as Error).message });
  }
  if (rivalId) await assertRivals(db, s.companyId, [rivalId], 'rivalId');
  const skipped: MonitorImportResult['skipped'] = [];
  let created = 0;
  await db.transaction(async (tx) => {
    for (const feed of feeds) {
      let url: string;
      try {
        url = checkUrl(feed.url, allowHosts).toString();
      } catch (err) {
        skipped.push({ url: feed.url, reason: 'refused', message: (err as Error).message });
        continue;
      }
      if (created >= MONITOR_IMPORT_MAX) {
        skipped.push({ url, reason: 'limit', message: `An import adds at most ${MONITOR_IMPORT_MAX} feeds` });
        continue;
      }
      const { rowCount } = await tx.execute(sql`
        INSERT INTO monitors (company_id, kind, url, name, rival_id, interval_minutes, created_by_id)
        VALUES (${s.companyId}, 'feed', ${url}, ${feed.title || new URL(url).hostname}, ${rivalId}, ${MONITOR_INTERVAL.default}, ${s.userId})
        ON CONFLICT (company_id, kind, url) DO NOTHING`);
      if (rowCount) created++;
      else skipped.push({ url, reason: 'duplicate', message: 'This feed is already monitored' });
    }
  });
  if (created) await wakeScheduler(db);
  return { created, skipped };
}

// One check of one monitor: read the page or feed (source.ts), find what changed or what is new, and store it in
// one transaction with the monitor's new state: the changes, the intel items they make (intake.ts) and the next
// check's time. Nothing is written before that transaction, and it stores only over the check version it read, so
// a check that crashed, or ran twice, loses nothing and makes nothing twice. A failure becomes the monitor's error
// state and backs the next check off; it never throws out of here.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { MONITOR_ERRORS, type MonitorErrorReason, type MonitorKind } from '../../contracts/monitors.ts';
import type { PageSnapshot } from '../../db/schema/monitors.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import type { OutboundClient } from '../outbound/client.ts';
import { MONITORS } from './constants.ts';
import { companyContext, type CompanyContext } from './context.ts';
import type { PageDiff } from './diff.ts';
import type { FeedEntry } from './feeds.ts';
import { takeIn, type Story } from './intake.ts';
import { rivalsMentioned, topicsMentioned } from './mentions.ts';
import { readSource, type SourceRead } from './source.ts';

export type CheckDeps = { db: Db; outbound: OutboundClient; logger?: Logger };

type MonitorRow = {
  id: number;
  company_id: number;
  kind: MonitorKind;
  url: string;
  name: string;
  rival_id: number | null;
  selector: string | null;
  interval_minutes: number;
  etag: string | null;
  last_modified: string | null;
  snapshot: PageSnapshot | null;
  failures: number;
  check_version: number;
  last_check_at: Date | null;
};

export type CheckOutcome =
  | { state: 'gone' | 'superseded' | 'unchanged' }
  | { state: 'changed'; changes: number; intel: number }
  | { state: 'failed'; reason: MonitorErrorReason; message: string };

export async function checkMonitor(deps: CheckDeps, monitorId: number): Promise<CheckOutcome> {
  const { rows } = await deps.db.execute(sql`SELECT * FROM monitors WHERE id = ${monitorId}`);
  const m = rows[0] as MonitorRow | undefined;
  if (!m) return { state: 'gone' };
  let read: SourceRead;
  let found: Found;
  try {
    read = await readSource(deps.outbound, m.url, { kind: m.kind, selector: m.selector, etag: m.etag, lastModified: m.last_modified, before: m.snapshot });
    found = read.notModified ? { changes: [] } : await whatChanged(deps.db, m, read);
  } catch (err) {
    const failure = failureOf(err);
    deps.logger?.info({ monitorId, reason: failure.reason }, 'monitor check failed');
    const stored = await deps.db.execute(sql`
      UPDATE monitors SET failures = failures + 1, error_reason = ${failure.reason}, error_message = ${failure.message},
        error_status = ${failure.status}, error_at = now(), last_check_at = now(), check_version = check_version + 1,
        next_check_at = now() + make_interval(mins => ${backoffMinutes(m.interval_minutes, m.failures + 1)}), updated_at = now()
      WHERE id = ${m.id} AND check_version = ${m.check_version}`);
    return stored.rowCount ? { state: 'failed', reason: failure.reason, message: failure.message } : { state: 'superseded' };
  }
  return deps.db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute(sql`SELECT check_version FROM monitors WHERE id = ${m.id} FOR UPDATE`);
    if ((locked[0] as { check_version: number } | undefined)?.check_version !== m.check_version) return { state: 'superseded' as const };
    let intel = 0;
    let changes = 0;
    for (const change of found.changes) {
      const { rows: inserted } = await tx.execute(sql`
        INSERT INTO monitor_changes (company_id, monitor_id, key, title, link, parts, added_sentences, removed_sentences, snapshot, created_at)
        VALUES (${m.company_id}, ${m.id}, ${change.key}, ${change.title}, ${change.link}, ${change.parts ? JSON.stringify(change.parts) : null}::jsonb,
                ${sql.param(change.added)}::text[], ${sql.param(change.removed)}::text[], ${change.snapshot ? JSON.stringify(change.snapshot) : null}::jsonb,
                coalesce(${change.at}::timestamptz, now()))
        ON CONFLICT (monitor_id, key) DO NOTHING RETURNING id`);
      if (!inserted.length) continue;
      changes++;
      const changeId = (inserted[0] as { id: number }).id;
      if (!change.story) continue;
      const { intelId } = await takeIn(tx, m.company_id, { ...change.story(), monitorId: m.id, changeId });
      await tx.execute(sql`UPDATE monitor_changes SET intel_id = ${intelId} WHERE id = ${changeId}`);
      intel++;
    }
    const snapshot = !read.notModified && read.kind === 'page' && found.keepSnapshot !== true ? read.snapshot : undefined;
    await tx.execute(sql`
      UPDATE monitors SET failures = 0, error_reason = NULL, error_message = NULL, error_status = NULL, error_at = NULL,
        last_check_at = now(), check_version = check_version + 1, updated_at = now(),
        next_check_at = now() + make_interval(mins => ${m.interval_minutes}),
        ${changes ? sql`last_change_at = now(),` : sql``}
        ${snapshot ? sql`snapshot = ${JSON.stringify(snapshot)}::jsonb,` : sql``}
        etag = ${read.notModified ? m.etag : read.etag}, last_modified = ${read.notModified ? m.last_modified : read.lastModified}
      WHERE id = ${m.id}`);
    return changes ? { state: 'changed' as const, changes, intel } : { state: 'unchanged' as const };
  });
}

/**
 * A change to store; `story` when it is worth an intel item, made only once the change is stored as new (finding
 * rivals and topics costs, and a feed's check reads every entry, most of them seen before). `at` is when it happened
 * (a feed entry's date).
 */
type FoundChange = {
  key: string;
  title: string;
  link: string | null;
  parts: PageDiffParts | null;
  added: string[];
  removed: string[];
  snapshot: PageSnapshot | null;
  at: string | null;
  story: (() => StoryDraft) | null;
};
type StoryDraft = Omit<Story, 'monitorId' | 'changeId'>;
type PageDiffParts = PageDiff['parts'];
/** keepSnapshot: a change too small to report keeps the old text to compare with, so small changes add up. */
type Found = { changes: FoundChange[]; keepSnapshot?: boolean };

async function whatChanged(db: Db, m: MonitorRow, read: Exclude<SourceRead, { notModified: true }>): Promise<Found> {
  const context = await companyContext(db, m.company_id);
  if (read.kind === 'page') return pageChanges(m, read, context);
  const entries = read.feed.entries.slice(0, MONITORS.entriesPerCheck);
  const firstCheck = m.last_check_at === null;
  const recent = Date.now() - MONITORS.firstCheckDays * 86_400_000;
  const source = hostOf(m.url);
  return {
    changes: entries.map((e, i) => {
      // A feed's first check marks what it already holds as seen; only its newest recent entries become intel.
      const worth = !firstCheck || (i < MONITORS.firstCheckItems && (!e.publishedAt || Date.parse(e.publishedAt) >= recent));
      return {
        key: e.guid.slice(0, 500),
        title: e.title,
        link: e.link ?? null,
        parts: null,
        added: [],
        removed: [],
        snapshot: null,
        at: e.publishedAt ?? null,
        story: worth ? () => entryStory(m, e, context, e.link ? hostOf(e.link) : source) : null,
      };
    }),
  };
}

function pageChanges(m: MonitorRow, { snapshot: after, change }: Extract<SourceRead, { kind: 'page'; notModified: false }>, context: CompanyContext): Found {
  // None on the first check (it only sets what later checks compare with) or when the text is the same.
  if (!change) return { changes: [] };
  if (!change.significant) return { changes: [], keepSnapshot: true };
  const { diff } = change;
  const title = changeTitle(m.name, diff.addedSentences, diff.removedSentences);
  const summary = [...diff.addedSentences.map((s) => `Added: ${s}`), ...diff.removedSentences.map((s) => `Removed: ${s}`)].join('\n');
  const text = `${title}\n${diff.addedSentences.join(' ')}`;
  return {
    changes: [
      {
        key: `v${m.check_version + 1}-${createHash('sha1').update(after.comparable.join('\n')).digest('hex').slice(0, 12)}`,
        title,
        link: m.url,
        parts: diff.parts,
        added: diff.addedSentences,
        removed: diff.removedSentences,
        snapshot: after,
        at: null,
        story: () => ({
          channel: 'new_page',
          title,
          summary,
          bodyHtml: changeHtml(diff.addedSentences, diff.removedSentences),
          link: m.url,
          source: hostOf(m.url),
          rivalIds: m.rival_id ? [m.rival_id] : rivalsMentioned(text, context.rivals),
          topics: topicsMentioned(text, context.topics, context.thesaurus),
        }),
      },
    ],
  };
}

function entryStory(m: MonitorRow, e: FeedEntry, context: CompanyContext, source: string | null): StoryDraft {
  const text = `${e.title}\n${e.summary}`;
  return {
    channel: 'rss',
    title: e.title,
    summary: e.summary,
    bodyHtml: e.contentHtml ?? `<p>${escapeHtml(e.summary)}</p>`,
    link: e.link ?? null,
    source,
    rivalIds: m.rival_id ? [m.rival_id] : rivalsMentioned(text, context.rivals),
    topics: topicsMentioned(text, context.topics, context.thesaurus),
  };
}

/** "Pricing page changed: Pro now costs $79 per user", naming the first added sentence, else the first removed one. */
export function changeTitle(name: string, added: string[], removed: string[]): string {
  const clip = (s: string) => (s.length > 140 ? `${s.slice(0, 139)}…` : s);
  if (added.length) return `${name} changed: ${clip(added[0])}`;
  if (removed.length) return `${name} changed: removed “${clip(removed[0])}”`;
  return `${name} changed`;
}

function changeHtml(added: string[], removed: string[]): string {
  const list = (label: string, xs: string[]) => (xs.length ? `<p><strong>${label}</strong></p><ul>${xs.map((x) => `<li>${escapeHtml(x)}</li>`).join('')}</ul>` : '');
  return list('Added', added) + list('Removed', removed);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

export function backoffMinutes(interval: number, failures: number): number {
  return Math.min(interval * 2 ** Math.min(failures, 6), Math.max(interval, MONITORS.backoffMaxMinutes));
}

/** The monitor's error state for what went wrong: the outbound rules' reasons, the parsers', or a network failure. */
function failureOf(err: unknown): { reason: MonitorErrorReason; message: string; status: number | null } {
  const e = err as { reason?: string; code?: string; status?: number; message?: string };
  const reason = (e.reason ?? e.code) as MonitorErrorReason | undefined;
  const known = reason && (MONITOR_ERROR_SET as Set<string>).has(reason);
  return { reason: known ? reason : 'network', message: String(e.message ?? err).slice(0, 500), status: typeof e.status === 'number' ? e.status : null };
}

const MONITOR_ERROR_SET = new Set<string>(MONITOR_ERRORS);

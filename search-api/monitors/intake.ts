// Intel that arrives by itself (feeds, page changes, email) enters the feed here, once per story: a story whose
// canonical link, or whose text's SimHash within a few bits, matches an item of the last days joins that item as
// one more source instead of making another. Intake runs in the caller's transaction under a per-company lock, so
// two checks telling the same story at once still make one item. A page change is always a story of its own.
import { sql } from 'drizzle-orm';
import type { Exec } from '../../db/client.ts';
import type { IntelChannel } from '../../contracts/intel.ts';
import { sanitizeHtml } from '../html/sanitize.ts';
import { MONITORS } from './constants.ts';
import { canonicalLink } from './feeds.ts';
import { bands, hamming, simhash } from './nearDuplicate.ts';

export type Story = {
  channel: Extract<IntelChannel, 'rss' | 'new_page' | 'email' | 'call'>;
  title: string;
  /** Plain text shown in the feed. */
  summary: string;
  /** HTML, sanitized here with the product's one allow-list. */
  bodyHtml: string;
  link: string | null;
  /** The site or sender it came from, as the feed shows it. */
  source: string | null;
  fromAddress?: string | null;
  rivalIds: number[];
  topics: string[];
  monitorId?: number | null;
  changeId?: number | null;
  submittedById?: number | null;
};

/** `sourceId`: the source row this story added to the item. */
export type Intake = { intelId: number; joined: boolean; sourceId: number };

/** A lock key per company for intake (the second half of a two-int advisory lock). */
const INTAKE_LOCK = 52_001;

export async function takeIn(tx: Exec, companyId: number, story: Story): Promise<Intake> {
  // A page change is its page's own story (two rivals' pricing pages changing alike are two stories): it is neither
  // looked up nor found, and needs no lock.
  const joinable = story.channel !== 'new_page';
  if (joinable) await tx.execute(sql`SELECT pg_advisory_xact_lock(${INTAKE_LOCK}, ${companyId})`);
  const print = storyFingerprint(story);
  const { link, hash } = print;
  const existing = joinable ? await sameStory(tx, companyId, link, hash) : null;
  let intelId: number;
  if (existing !== null) {
    intelId = existing;
    await tx.execute(sql`UPDATE intel_items SET rank = rank + 1, updated_at = now() WHERE id = ${intelId}`);
  } else {
    const { rows } = await tx.execute(sql`
      INSERT INTO intel_items (company_id, state, channel, content_type, topics, source, title, summary, body, permalink, from_address, submitted_by_id)
      VALUES (${companyId}, 'unprocessed', ${story.channel}, 'article', ${sql.param(story.topics)}::text[], ${story.source},
              ${story.title.slice(0, MONITORS.titleChars)}, ${story.summary || null}, ${sanitizeHtml(story.bodyHtml).slice(0, MONITORS.bodyChars)},
              ${story.link}, ${story.fromAddress ?? null}, ${story.submittedById ?? null})
      RETURNING id`);
    intelId = (rows[0] as { id: number }).id;
    if (joinable) {
      const [b0, b1, b2, b3] = print.bands;
      await tx.execute(sql`
        INSERT INTO intel_fingerprints (intel_id, company_id, canonical_link, simhash, band0, band1, band2, band3)
        VALUES (${intelId}, ${companyId}, ${link}, ${print.simhash}::bigint, ${b0}, ${b1}, ${b2}, ${b3})`);
    }
  }
  // The story's rivals, also those a joined item did not have yet.
  await tx.execute(sql`
    INSERT INTO intel_rivals (company_id, intel_id, rival_id) SELECT ${companyId}, ${intelId}, r
    FROM unnest(${sql.param(story.rivalIds)}::int[]) AS r JOIN rivals ON rivals.id = r AND rivals.company_id = ${companyId} ON CONFLICT DO NOTHING`);
  const { rows: source } = await tx.execute(sql`
    INSERT INTO intel_sources (company_id, intel_id, monitor_id, change_id, url, title)
    VALUES (${companyId}, ${intelId}, ${story.monitorId ?? null}, ${story.changeId ?? null}, ${story.link}, ${story.title.slice(0, MONITORS.titleChars)})
    RETURNING id`);
  return { intelId, joined: existing !== null, sourceId: (source[0] as { id: number }).id };
}

/** What finds a story again: its canonical link, its text's SimHash (also as the signed bigint stored) and its bands. */
export function storyFingerprint(story: { title: string; summary: string; link: string | null }) {
  const hash = simhash(story.summary, story.title);
  return { link: story.link ? canonicalLink(story.link) : null, hash, simhash: BigInt.asIntN(64, hash).toString(), bands: bands(hash) };
}

/** The item of the last days that tells this story: the same canonical link, else the nearest SimHash within the bound. */
export async function sameStory(tx: Exec, companyId: number, link: string | null, hash: bigint): Promise<number | null> {
  const since = sql`now() - make_interval(days => ${MONITORS.duplicateWindowDays})`;
  if (link) {
    const { rows } = await tx.execute(sql`
      SELECT intel_id FROM intel_fingerprints WHERE company_id = ${companyId} AND canonical_link = ${link} AND created_at > ${since}
      ORDER BY created_at DESC LIMIT 1`);
    if (rows.length) return (rows[0] as { intel_id: number }).intel_id;
  }
  const [b0, b1, b2, b3] = bands(hash);
  const { rows } = await tx.execute(sql`
    SELECT intel_id, simhash::text AS simhash FROM intel_fingerprints
    WHERE company_id = ${companyId} AND created_at > ${since} AND (band0 = ${b0} OR band1 = ${b1} OR band2 = ${b2} OR band3 = ${b3})`);
  let best: { id: number; bits: number } | null = null;
  for (const r of rows as { intel_id: number; simhash: string }[]) {
    const bits = hamming(hash, BigInt.asUintN(64, BigInt(r.simhash)));
    if (bits <= MONITORS.duplicateBits && (!best || bits < best.bits)) best = { id: r.intel_id, bits };
  }
  return best?.id ?? null;
}

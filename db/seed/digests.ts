// Demo email digests: one sent a week ago and one draft for this week, each holding the company's most recently
// published intel items of its period (their posts are created here). Deterministic for a given `now`; a few rows.
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from '../schema.ts';
import { DAY } from './random.ts';

const PER_DIGEST = 5;

/** Answers the number of digests made. */
export async function seedDigests(tx: NodePgDatabase<typeof schema>, companyId: number, curatorId: number, now: Date): Promise<number> {
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const dated = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  const digests = [
    {
      title: `Competitive digest: week of ${dated(new Date(weekAgo.getTime() - 7 * DAY))}`,
      intro: 'The moves that mattered last week: pricing changes, launches and hires across our rivals.',
      sentAt: weekAgo,
      from: new Date(weekAgo.getTime() - 7 * DAY),
      to: weekAgo,
    },
    {
      title: `Competitive digest: week of ${dated(weekAgo)}`,
      intro: 'A draft for this week. Reorder the items, add anything from the intel feed, then send it to the team.',
      sentAt: null,
      from: weekAgo,
      to: now,
    },
  ];
  for (const d of digests) {
    const { rows } = await tx.execute(sql`
      INSERT INTO email_digests (company_id, title, intro, state, created_by_id, created_at, updated_at, sent_at, sent_by_id, recipients_count)
      VALUES (${companyId}, ${d.title}, ${d.intro}, ${d.sentAt ? 'sent' : 'draft'}, ${curatorId}, ${d.from}, ${d.sentAt ?? d.to},
        ${d.sentAt}, ${d.sentAt ? curatorId : null},
        ${d.sentAt ? sql`(SELECT count(*) FROM users WHERE company_id = ${companyId} AND email_digest)` : 0})
      RETURNING id`);
    const digestId = (rows[0] as { id: number }).id;
    await tx.execute(sql`
      WITH picked AS (
        SELECT id, row_number() OVER (ORDER BY published_at DESC, id DESC) - 1 AS ord FROM intel_items
        WHERE company_id = ${companyId} AND published_at >= ${d.from} AND published_at < ${d.to} AND state = 'archived'
        ORDER BY published_at DESC, id DESC LIMIT ${PER_DIGEST}
      ), post AS (
        INSERT INTO posts (company_id, intel_id, created_at)
        SELECT ${companyId}, p.id, i.published_at FROM picked p JOIN intel_items i ON i.id = p.id
        ON CONFLICT (intel_id) DO UPDATE SET intel_id = EXCLUDED.intel_id
        RETURNING id, intel_id
      )
      INSERT INTO digest_favorites (company_id, email_digest_id, post_id, view_order)
      SELECT ${companyId}, ${digestId}, post.id, picked.ord FROM post JOIN picked ON picked.id = post.intel_id`);
  }
  return digests.length;
}

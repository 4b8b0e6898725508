// Demo integrations (issue #54): two webhook endpoints with a fortnight of delivery log, so /integrations has a
// story on the first start. A Zapier hook that took every published intel item (two needed a retry) and that an admin
// paused; a data-warehouse loader of card changes whose receiver went down, turned off after a day of failures, as
// the dispatcher does. Both are off, so the demo sends nothing anywhere; their secrets are sealed as real ones are.
import { sql } from 'drizzle-orm';
import type { Exec } from '../client.ts';
import type { Rng } from './random.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

export type IntegrationSeed = {
  companyId: number;
  adminId: number;
  /** Published intel items, oldest first. */
  published: { id: number; at: Date }[];
  /** Cards with when they last changed. */
  cards: { id: number; at: Date }[];
  now: Date;
  rng: Rng;
  /** Seals a secret as the server does (server-shared/secretBox.ts). */
  seal: (plain: string) => string;
};

type Attempt = { state: 'succeeded' | 'failed'; attempts: number; status: number | null; ms: number | null; error: string | null; delivered: boolean };

export async function seedIntegrations(tx: Exec, s: IntegrationSeed): Promise<{ endpoints: number; deliveries: number }> {
  const t = s.now.getTime();
  const secret = () => `whsec_${Buffer.from(Array.from({ length: 24 }, () => s.rng.int(0, 255))).toString('base64')}`;
  const zapier = await endpoint(tx, s, {
    url: 'https://hooks.zapier.com/hooks/catch/4412871/bq2x9zt/',
    description: 'Zapier: published intel to the #sales-news sheet (paused while the sheet is rebuilt)',
    events: ['intel.published'],
    audience: 'everyone',
    secret: secret(),
    createdAt: new Date(t - 60 * DAY),
    disabledAt: null,
    failingSince: null,
    disabledReason: null,
  });
  const warehouse = await endpoint(tx, s, {
    url: 'https://etl.northwind-data.example/rivalscope/events',
    description: 'Data warehouse loader: card and battlecard changes',
    events: ['card.created', 'card.changed', 'card.deleted', 'battlecard.changed'],
    audience: 'all',
    secret: secret(),
    createdAt: new Date(t - 45 * DAY),
    failingSince: new Date(t - 4 * DAY),
    disabledAt: new Date(t - 3 * DAY),
    disabledReason: 'Every delivery failed for 24 hours; the last: The endpoint answered 503 Service Unavailable',
  });

  let deliveries = 0;
  // The Zapier hook: the items published in the last fortnight, until it was paused two days ago.
  const recent = s.published.filter((p) => p.at.getTime() > t - 14 * DAY && p.at.getTime() < t - 2 * DAY);
  for (const [i, p] of recent.entries()) {
    // Now and then the hook answered 502 once and took the retry.
    const retried = i % 11 === 5;
    deliveries += await delivery(tx, s, 'intel.published', p.id, zapier, p.at, {
      state: 'succeeded',
      attempts: retried ? 2 : 1,
      status: 200,
      ms: s.rng.int(140, 900),
      error: null,
      delivered: true,
    });
  }
  // The warehouse: card changes went through until its receiver went down four days ago.
  const changed = s.cards
    .filter((c) => c.at.getTime() > t - 12 * DAY && c.at.getTime() < t - 3 * DAY)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(-40);
  for (const c of changed) {
    const down = c.at.getTime() > t - 4 * DAY;
    deliveries += await delivery(
      tx,
      s,
      'card.changed',
      c.id,
      warehouse,
      c.at,
      down
        ? { state: 'failed', attempts: 8, status: 503, ms: s.rng.int(20, 60), error: 'The endpoint answered 503 Service Unavailable', delivered: false }
        : { state: 'succeeded', attempts: 1, status: 204, ms: s.rng.int(60, 400), error: null, delivered: true },
    );
  }
  return { endpoints: 2, deliveries };
}

type EndpointSeed = {
  url: string;
  description: string;
  events: string[];
  audience: 'everyone' | 'all';
  secret: string;
  createdAt: Date;
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
};

async function endpoint(tx: Exec, s: IntegrationSeed, e: EndpointSeed): Promise<number> {
  const { rows } = await tx.execute(sql`
    INSERT INTO webhook_endpoints (company_id, url, description, events, audience, secret_sealed, enabled, failing_since, disabled_at, disabled_reason, created_by_id, created_at, updated_at)
    VALUES (${s.companyId}, ${e.url}, ${e.description}, ${sql.param(e.events)}::text[], ${e.audience}, ${s.seal(e.secret)}, false, ${e.failingSince},
            ${e.disabledAt}, ${e.disabledReason}, ${s.adminId}, ${e.createdAt}, ${e.disabledAt ?? new Date(s.now.getTime() - 2 * DAY)})
    RETURNING id`);
  return (rows[0] as { id: number }).id;
}

async function delivery(tx: Exec, s: IntegrationSeed, type: string, subjectId: number, targetId: number, at: Date, a: Attempt): Promise<number> {
  const sent = new Date(at.getTime() + s.rng.int(1, 20) * 1000);
  const last = new Date(sent.getTime() + (a.attempts - 1) * 30 * MINUTE);
  await tx.execute(sql`
    WITH e AS (
      INSERT INTO integration_events (company_id, type, subject_id, created_at, fanned_out_at) VALUES (${s.companyId}, ${type}, ${subjectId}, ${at}, ${at}) RETURNING id)
    INSERT INTO deliveries (company_id, event_id, target_kind, target_id, state, attempts, next_attempt_at, last_attempt_at, status_code, response_ms, error, created_at, delivered_at)
    SELECT ${s.companyId}, e.id, 'webhook', ${targetId}, ${a.state}, ${a.attempts}, ${last}, ${last}, ${a.status}, ${a.ms}, ${a.error}, ${at}, ${a.delivered ? last : null} FROM e`);
  return 1;
}

// The demo's sales calls (issue #57): nine months of discovery, demo and pricing calls by Northwind's reps, where
// prospects bring up the demo's rivals — objections (price, support, migrations) and praise (dashboards, ease) alike —
// so call insights has mentions over time, objections per rival and reps who met each rival. The calls are written as
// a recorder's JSON export and imported by the product's own import (search-api/calls, handed in as `CallSeedImporter`
// since db/ imports nothing of the server), so the demo's calls are exactly what an import makes. Deterministic for
// a given `now`. bench/voice.ts makes its long transcripts with the same dialogue.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import type { CallExportCall } from '../../contracts/calls.ts';
import { DAY, Rng } from './random.ts';

export const DEMO_CALLS = 400;
const HISTORY_DAYS = 270;

/** The product's call import, given by the caller (search-api/calls/service.ts callSeedImporter). */
export type CallSeedImporter = { importExport(tx: Exec, companyId: number, body: Buffer): Promise<{ calls: number; mentions: number }> };

type Rep = { email: string; name: string };
const PROSPECTS = ['Jordan Blake', 'Priya Shah', 'Marco Diaz', 'Hanna Berg', 'Tom Okafor', 'Ines Laurent', 'Kenji Mori', 'Rachel Stone', 'Amal Nasser', 'Owen Price'];
const KINDS = ['Discovery', 'Demo', 'Pricing review', 'Technical deep dive', 'Renewal check-in', 'Procurement call'];
const ACCOUNTS = ['Acme Freight', 'Bluefin Health', 'Cobalt Retail', 'Delta Ridge Bank', 'Evergreen Foods', 'Fairview Insurance', 'Granite Logistics', 'Helix Software', 'Ironwood Energy', 'Juniper Partners', 'Keystone Manufacturing', 'Lakeside Group'];

const OPENERS = [
  'Thanks for making the time today. I would love to hear where things stand on your side.',
  'Good to see you again. Last time we left off on reporting, so I thought we could pick it up from there.',
  'Appreciate you joining. Who else from your team should we expect on this call?',
];
const PROSPECT_NEEDS = [
  'Our finance team builds the board pack by hand every month and it takes about four days.',
  'We have data in Snowflake and a few spreadsheets that nobody trusts anymore.',
  'The main thing for us is letting regional managers answer their own questions without waiting on analysts.',
  'Security review is strict here, so single sign-on and audit logs are a must.',
  'We need embedded dashboards inside our customer portal by the end of the quarter.',
  'Honestly we are still figuring out the budget, but the pain is real.',
];
const REP_ANSWERS = [
  'That is exactly what our scheduled reports are built for. Most teams cut that work to an afternoon.',
  'We connect to Snowflake directly, so there is one definition of revenue instead of five spreadsheets.',
  'Governance is on by default: single sign-on, row level security and a full audit trail.',
  'Our embedding kit is the same product your analysts use, so nothing has to be rebuilt for the portal.',
  'Let me share a short customer story that sounds a lot like your situation.',
  'I can set up a sandbox with your own data next week so the team can try it.',
];
const OBJECTIONS = [
  '{rival} is too expensive for what we get, and their support has been terrible.',
  'We tried {rival} last year and the migration was painful and slow, it broke half our reports.',
  'Our analysts complain that {rival} is clunky and confusing to use.',
  'Frankly {rival} support is slow and the renewal price increase was awful.',
  'The {rival} rollout was a frustrating mess and we still have broken dashboards.',
];
const PRAISE = [
  'To be fair, {rival} has excellent dashboards and our executives really like them.',
  '{rival} gave us a great trial experience, very easy to set up.',
  'I will say the {rival} mobile app is impressive and the team loves it.',
];
const NEUTRAL = [
  'We are also talking to {rival} this month.',
  'Procurement asked us to include {rival} in the comparison.',
  'How do you compare with {rival} on connectors?',
];
const REP_HANDLING = [
  'That is a fair concern. Our pricing is per workspace, so growth does not multiply the bill.',
  'Many of our customers moved over from there, and we run the migration with them in two to three weeks.',
  'Understood. I can connect you with a customer who made the same switch last spring.',
  'Good to know. Where we usually win is time to value and the governance model.',
];
const CLOSERS = ['Great, I will send a summary and the next steps today.', 'Thanks, this was really helpful. Let us talk again next week.'];
const FILLER = [
  'That makes sense.',
  'Could you say a bit more about how the team works today?',
  'We would need our data team to sign off on that.',
  'Timeline wise we are aiming for the start of next quarter.',
  'Let me check with our director and come back to you.',
];

/** Speaker turns of one call, about `turns` long, with words per turn around `words` (sentences added to reach it). */
export function callTurns(rng: Rng, rep: string, prospect: string, rivals: readonly string[], turns: number, words = 0): CallExportCall['turns'] {
  const out: { speaker: string; text: string }[] = [];
  const say = (speaker: string, text: string) => {
    let t = text;
    // Longer transcripts (the bench's) pad a turn with more of the speaker's side of the talk.
    while (words && t.split(' ').length < words) t += ` ${rng.pick(speaker === rep ? [...REP_ANSWERS, ...FILLER] : [...PROSPECT_NEEDS, ...FILLER])}`;
    out.push({ speaker, text: t });
  };
  say(rep, rng.pick(OPENERS));
  const rivalTurns = new Set(rng.sample(Array.from({ length: turns - 3 }, (_, i) => i + 1), Math.min(turns - 3, rng.int(1, 4))));
  for (let i = 1; out.length < turns - 1; i++) {
    if (rivalTurns.has(i) && rivals.length) {
      const rival = rng.pick(rivals);
      const kind = rng.weighted([
        [OBJECTIONS, 5],
        [PRAISE, 2],
        [NEUTRAL, 3],
      ] as const);
      say(prospect, rng.pick(kind).replace('{rival}', rival));
      say(rep, rng.pick(REP_HANDLING));
    } else {
      say(prospect, rng.pick(rng.chance(0.7) ? PROSPECT_NEEDS : FILLER));
      say(rep, rng.pick(REP_ANSWERS));
    }
  }
  say(rep, rng.pick(CLOSERS));
  return out;
}

export type CallSeedInput = { companyId: number; rivalIds: number[]; repIds: number[]; now: Date; rng: Rng; importer: CallSeedImporter };

/** The demo's calls, imported as one recorder's export. */
export async function seedCalls(tx: Exec, input: CallSeedInput): Promise<{ calls: number; mentions: number }> {
  const { companyId, now, rng } = input;
  const reps = await rowsOf<Rep & { id: number }>(tx, sql`SELECT id, email, name FROM users WHERE id = ANY(${sql.param(input.repIds)}::int[]) ORDER BY id`);
  const rivalRows = await rowsOf<{ id: number; name: string }>(tx, sql`SELECT id, name FROM rivals WHERE id = ANY(${sql.param(input.rivalIds)}::int[])`);
  // The first rivals are the demo's main ones: they come up most.
  const rivals = input.rivalIds.flatMap((id) => rivalRows.filter((r) => r.id === id).map((r) => r.name));
  const deals = await rowsOf<{ crm_id: string; owner_user_id: number }>(tx, sql`SELECT crm_id, owner_user_id FROM deals WHERE company_id = ${companyId} AND owner_user_id IS NOT NULL ORDER BY id`);
  const calls: CallExportCall[] = Array.from({ length: DEMO_CALLS }, (_, i) => {
    const rep = rng.pick(reps);
    const met = rng.sample(rivals.slice(0, 6), rng.int(1, 2));
    const repDeals = deals.filter((d) => d.owner_user_id === rep.id);
    const account = rng.pick(ACCOUNTS);
    return {
      id: `demo-call-${i + 1}`,
      title: `${account} — ${rng.pick(KINDS)}`,
      occurredAt: new Date(now.getTime() - rng.float(0, HISTORY_DAYS) * DAY).toISOString(),
      rep: { email: rep.email, name: rep.name },
      accountName: account,
      ...(repDeals.length && rng.chance(0.6) ? { dealCrmId: rng.pick(repDeals).crm_id } : {}),
      repSpeakers: [rep.name],
      turns: callTurns(rng, rep.name, rng.pick(PROSPECTS), met, rng.int(20, 60)),
    };
  });
  return input.importer.importExport(tx, companyId, Buffer.from(JSON.stringify({ calls })));
}

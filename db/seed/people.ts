// The demo company's history of running itself, so Settings › Users and the audit log have a past on the
// first start: how the company was set up (groups, rival groups, features), who invited whom and when
// they joined, a later group change, one person who left (deactivated), and an invitation still pending.
// Summaries read as the services write them (search-api/users/changes.ts, invitations/service.ts, ...).
import crypto from 'node:crypto';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import { auditEvents, invitations, users } from '../schema.ts';
import type * as schema from '../schema.ts';
import { flagChangeSummary } from '../../contracts/settings.ts';
import type { PersonSeed } from './content.ts';

type Executor = NodePgDatabase<typeof schema>;
type Person = PersonSeed & { id: number; createdAt: Date };

const DAY = 86_400_000;
/** Flags the company turned on while setting up, in that order (FEATURE_FLAGS names). */
const SETUP_FLAGS = ['newCardEditor', 'cardSentiment', 'tagVisibleToConsumers', 'unifiedSearch', 'askDashboard', 'reports', 'askWizard', 'promptLibrary'];
const roleOf = (p: PersonSeed) => (p.roles.includes('admin') ? 'admin' : p.roles.includes('curator') ? 'curator' : 'consumer');

export async function seedPeopleHistory(
  tx: Executor,
  o: { companyId: number; now: Date; admin: Person; people: Person[]; groupIds: Record<string, number>; rivalGroups: { id: number; name: string }[] },
): Promise<{ auditEvents: number; invitations: number }> {
  const { companyId, now, admin } = o;
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY + minutes * 60_000);
  const entry = (when: Date, actor: number | null, action: string, targetType: string, targetId: number | null, summary: string, detail = {}) => ({
    companyId,
    actorUserId: actor,
    action,
    targetType,
    targetId,
    summary,
    detail,
    createdAt: when,
  });
  const rows = [
    ...Object.entries(o.groupIds).map(([name, id], i) => entry(at(395, i), admin.id, 'visibilityGroup.create', 'visibilityGroup', id, `Created the visibility group ${name}`)),
    ...o.rivalGroups.map((g, i) => entry(at(394, i), admin.id, 'rivalGroup.create', 'rivalGroup', g.id, `Created the rival group ${g.name}`)),
    ...SETUP_FLAGS.map((flag, i) =>
      entry(at(393 - i * 9), admin.id, 'flag.set', 'flag', null, flagChangeSummary(flag, true), { flag, before: false, after: true }),
    ),
    entry(at(120), admin.id, 'flag.set', 'flag', null, flagChangeSummary('companyLandingPage', true), { flag: 'companyLandingPage', before: false, after: true }),
    entry(at(118), admin.id, 'flag.set', 'flag', null, flagChangeSummary('companyLandingPage', false), { flag: 'companyLandingPage', before: true, after: false }),
  ];

  // Everyone but the admin joined by invitation, a day before their account was made.
  for (const p of o.people) {
    if (p.id === admin.id) continue;
    const role = roleOf(p);
    const group = p.groups[0];
    rows.push(
      entry(new Date(p.createdAt.getTime() - DAY), admin.id, 'invitation.create', 'invitation', null, `Invited ${p.email} as ${role}${group ? ` in ${group}` : ''}`),
      entry(p.createdAt, p.id, 'invitation.accept', 'invitation', null, `${p.name} accepted the invitation of ${p.email} and joined as ${role}`),
    );
  }
  const sofia = o.people.find((p) => p.username === 'sofia');
  if (sofia) {
    rows.push(
      entry(at(41), admin.id, 'user.groups', 'user', sofia.id, `Changed ${sofia.name}'s visibility groups from Sales to ${sofia.groups.join(', ')}`, {
        from: [o.groupIds.Sales],
        to: sofia.groups.map((g) => o.groupIds[g]),
      }),
    );
  }
  const leaver = o.people.find((p) => p.username === 'victor');
  if (leaver) {
    await tx.update(users).set({ deactivatedAt: at(12) }).where(eq(users.id, leaver.id));
    rows.push(entry(at(12), admin.id, 'user.deactivate', 'user', leaver.id, `Deactivated ${leaver.name}`, { endedSessions: 0 }));
  }

  // An invitation still waiting: its link is unknown (only a hash is kept); "copy link" makes a new one.
  const [pending] = await tx
    .insert(invitations)
    .values({
      companyId,
      email: 'nina.park@demo.test',
      role: 'consumer',
      visibilityGroupId: o.groupIds.Sales ?? null,
      tokenHash: crypto.createHash('sha256').update(`demo-pending-invitation-${companyId}`).digest('hex'),
      invitedBy: admin.id,
      createdAt: at(2),
      expiresAt: at(-5),
    })
    .returning({ id: invitations.id });
  rows.push(entry(at(2), admin.id, 'invitation.create', 'invitation', pending.id, 'Invited nina.park@demo.test as consumer in Sales'));

  await tx.insert(auditEvents).values(rows);
  return { auditEvents: rows.length, invitations: 1 };
}

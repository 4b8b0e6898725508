// Demo API tokens (issue #53): the tools a company of this size connects, made by admins, curators and a seller,
// used lately or not at all, one revoked and one expired, so Settings › API tokens and the audit log have a story.
// Their secrets are random and never kept: no demo token can be used.
import crypto from 'node:crypto';
import { TOKEN_PREFIX, type TokenScope } from '../../contracts/apiTokens.ts';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from '../schema.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type DemoToken = { owner: string; name: string; scopes: TokenScope[]; madeDaysAgo: number; lifeDays: number; usedHoursAgo: number | null; revokedDaysAgo?: number };

const TOKENS: DemoToken[] = [
  { owner: 'ada', name: 'Salesforce sync', scopes: ['admin'], madeDaysAgo: 120, lifeDays: 365, usedHoursAgo: 1 },
  { owner: 'cory', name: 'Zapier: intel from the #competitors channel', scopes: ['intel:submit'], madeDaysAgo: 64, lifeDays: 90, usedHoursAgo: 5 },
  { owner: 'priya', name: 'Launch tracker sheet', scopes: ['intel:read', 'cards:read'], madeDaysAgo: 21, lifeDays: 30, usedHoursAgo: 30 },
  { owner: 'marcus', name: 'Nightly export script', scopes: ['intel:manage'], madeDaysAgo: 200, lifeDays: 90, usedHoursAgo: 2_600 },
  { owner: 'jenna', name: 'Deal room bot', scopes: ['cards:read'], madeDaysAgo: 40, lifeDays: 90, usedHoursAgo: 300, revokedDaysAgo: 12 },
  { owner: 'cory', name: 'Browser extension', scopes: ['cards:read', 'intel:submit'], madeDaysAgo: 3, lifeDays: 90, usedHoursAgo: null },
];

export async function seedApiTokens(tx: NodePgDatabase<typeof schema>, companyId: number, idOf: (username: string) => number, now: Date): Promise<number> {
  const t = now.getTime();
  const rows = TOKENS.map((d, i) => {
    const secret = crypto.randomBytes(32).toString('base64url');
    return {
      companyId,
      userId: idOf(d.owner),
      name: d.name,
      scopes: d.scopes,
      prefix: `${TOKEN_PREFIX}${secret.slice(0, 6)}`,
      tokenHash: crypto.createHash('sha256').update(`${i}:${secret}`).digest('hex'),
      createdAt: new Date(t - d.madeDaysAgo * DAY),
      expiresAt: new Date(t - d.madeDaysAgo * DAY + d.lifeDays * DAY),
      lastUsedAt: d.usedHoursAgo === null ? null : new Date(t - d.usedHoursAgo * HOUR),
      lastUsedIp: d.usedHoursAgo === null ? null : `203.0.113.${10 + i}`,
      revokedAt: d.revokedDaysAgo === undefined ? null : new Date(t - d.revokedDaysAgo * DAY),
      revokedBy: d.revokedDaysAgo === undefined ? null : idOf('ada'),
    };
  });
  await tx.insert(schema.apiTokens).values(rows);
  return rows.length;
}

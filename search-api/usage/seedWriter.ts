// The usage mapping and writer the demo seed is handed (db/seed/usage.ts): the product's own, so seeded usage is
// exactly what the collector and the server would have stored, rollups included.
import type { UsageSeedWriter } from '../../db/seed/usage.ts';
import { ensureMonthPartitions } from './partitions.ts';
import { roleOf, toRow } from './rows.ts';
import { writeUsage } from './write.ts';

export const usageSeedWriter: UsageSeedWriter = { roleOf, toRow, ensureMonthPartitions, writeUsage };

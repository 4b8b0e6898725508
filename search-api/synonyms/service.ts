// A company's search synonyms: read (the default vocabulary until the company saves its own), saved
// whole, restored to the defaults. Searches apply them through search/synonyms.ts.
import { eq, sql } from 'drizzle-orm';
import type { SynonymEntry, SynonymsResponse } from '../../contracts/synonyms.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { recordAudit } from '../audit/service.ts';
import { searchSynonyms } from '../../db/schema.ts';
import { DEFAULT_SYNONYMS } from './vocabulary.ts';

type Row = { entries: SynonymEntry[]; updatedAt: string; updatedBy: number | null; updatedByName: string | null };

async function readRow(db: Exec, companyId: number): Promise<Row | null> {
  const [row] = await rowsOf<Row>(
    db,
    sql`SELECT s.entries, s.updated_at AS "updatedAt", s.updated_by AS "updatedBy", u.name AS "updatedByName"
      FROM search_synonyms s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.company_id = ${companyId}`,
  );
  return row ?? null;
}

export async function readSynonyms(db: Exec, companyId: number): Promise<SynonymsResponse> {
  const row = await readRow(db, companyId);
  if (!row) return { synonyms: [...DEFAULT_SYNONYMS], isDefault: true, updatedAt: null, updatedBy: null };
  return {
    synonyms: row.entries,
    isDefault: false,
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedBy: row.updatedBy !== null ? { id: row.updatedBy, name: row.updatedByName ?? '' } : null,
  };
}

/** Replaces the company's list with a validated one (SynonymsBody). */
export async function saveSynonyms(db: Db, companyId: number, userId: number, entries: SynonymEntry[]): Promise<SynonymsResponse> {
  await db.transaction(async (tx) => {
    await tx
      .insert(searchSynonyms)
      .values({ companyId, entries, updatedBy: userId })
      .onConflictDoUpdate({ target: searchSynonyms.companyId, set: { entries, updatedBy: userId, updatedAt: sql`now()` } });
    await recordAudit(tx, { companyId, userId }, { action: 'synonyms.save', targetType: 'synonyms', summary: `Saved ${entries.length} search synonym entries` });
  });
  return readSynonyms(db, companyId);
}

export async function restoreDefaultSynonyms(db: Db, companyId: number, userId: number): Promise<SynonymsResponse> {
  await db.transaction(async (tx) => {
    await tx.delete(searchSynonyms).where(eq(searchSynonyms.companyId, companyId));
    await recordAudit(tx, { companyId, userId }, { action: 'synonyms.restore', targetType: 'synonyms', summary: 'Restored the default search synonyms' });
  });
  return readSynonyms(db, companyId);
}

/** The entries the company saved, null while it has the defaults (DEFAULT_SYNONYMS): read per search, so kept light. */
export async function savedSynonymEntries(db: Exec, companyId: number): Promise<SynonymEntry[] | null> {
  const [row] = await rowsOf<{ entries: SynonymEntry[] }>(db, sql`SELECT entries FROM search_synonyms WHERE company_id = ${companyId}`);
  return row?.entries ?? null;
}

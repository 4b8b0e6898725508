// The passages a transcript search matched (calls and interviews; a knowledge-hub passage is its own document): the engine gives each hit's matched fragments (a
// piece of one passage's text, markers around the words found, since both engines cut fragments within one value of
// the passages array), and PostgreSQL finds the passage whose text holds each, so a page of long transcripts does not
// bring every passage back to be compared.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import { MARK_CLOSE, MARK_OPEN } from '../search/request.ts';

/** Where a transcript's passages are, by the owner's column. */
const PASSAGES = {
  calls: { table: 'call_passages', owner: 'call_id' },
  interviews: { table: 'interview_passages', owner: 'interview_id' },
} as const;

/** A fragment without the engine's markers. */
export const plainFragment = (fragment: string) => fragment.split(MARK_OPEN).join('').split(MARK_CLOSE).join('');

/** By transcript, its matched passages each once, in the engine's order of fragments, with the fragment as `snippet` writes it. */
export async function matchedPassages(
  db: Exec,
  companyId: number,
  of: keyof typeof PASSAGES,
  hits: { id: number; fragments: string[] }[],
  snippet: (fragment: string) => string,
): Promise<Map<number, { seq: number; snippet: string }[]>> {
  const fragments = hits.flatMap((h) => h.fragments.map((f) => ({ id: h.id, fragment: f })));
  const out = new Map<number, { seq: number; snippet: string }[]>(hits.map((h) => [h.id, []]));
  if (!fragments.length) return out;
  const { table, owner } = PASSAGES[of];
  const found = await rowsOf<{ i: number; seq: number }>(
    db,
    sql`SELECT f.i::int AS i, p.seq FROM unnest(${sql.param(fragments.map((f) => f.id))}::int[], ${sql.param(fragments.map((f) => plainFragment(f.fragment)))}::text[])
          WITH ORDINALITY AS f(owner_id, plain, i)
        JOIN LATERAL (SELECT tp.seq FROM ${sql.identifier(table)} tp WHERE tp.${sql.identifier(owner)} = f.owner_id AND tp.company_id = ${companyId}
                        AND strpos(tp.text, f.plain) > 0 ORDER BY tp.seq LIMIT 1) p ON true
        ORDER BY f.i`,
  );
  for (const { i, seq } of found) {
    const { id, fragment } = fragments[i - 1];
    const matches = out.get(id)!;
    if (!matches.some((m) => m.seq === seq)) matches.push({ seq, snippet: snippet(fragment) });
  }
  return out;
}

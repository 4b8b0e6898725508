// The landingGeneration job: writes the queued sections of one profile's landing page for one reader's scope and
// language. Its targets are landing_sections rows; the sources are read under the scope's visibility (a viewer rebuilt
// from the scope key), composed without a model (compose.ts) and, with the model Ask uses, written by it from the
// sources the composition cited (writing.ts), streaming into the row; both in the rows' language. A section whose composition throws is failed with
// the reason; a row queued again by a later view (another job) is left to that job.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import type { GeneratedSectionData, LandingSectionType } from '../../contracts/landing.ts';
import type { LlmConfig } from '../ask/llm.ts';
import type { JobHandler } from '../jobs/store.ts';
import { readerLanguage, type ReaderLanguage } from '../strings/index.ts';
import { viewerOfScope } from '../visibility/index.ts';
import { COMPOSERS } from './compose.ts';
import { landingProfile, readSources, sourcesKey, type LandingSource, type LandingSources } from './sources.ts';
import { writeSection } from './writing.ts';

export type LandingModel = { llm: LlmConfig | null; logger?: Pick<Logger, 'warn'> };

type Target = { id: number; sectionType: LandingSectionType };

export function landingGenerationJob(db: Db, model: LandingModel): JobHandler {
  return {
    run: async (tx, job, targetIds) => {
      // A job queued before sections had languages writes English ones, as they all were then.
      const { profileId, scope, language = 'en' } = job.payload as { profileId: number; scope: string; language?: string };
      const lang = readerLanguage(language);
      const targets = await rowsOf<Target>(
        tx,
        sql`SELECT id, section_type AS "sectionType" FROM landing_sections
            WHERE id = ANY(${sql.param(targetIds)}::int[]) AND company_id = ${job.companyId} AND job_id = ${job.id} ORDER BY id`,
      );
      const viewer = viewerOfScope(job.companyId, scope);
      const profile = await landingProfile(tx, viewer, profileId);
      if (!profile || !targets.length) return;
      // One after another: the job's transaction is one client, which runs one query at a time.
      const key = await sourcesKey(tx, viewer, profile);
      const sources = await readSources(tx, viewer, profile, lang);
      const company = await rowsOf<{ name: string }>(tx, sql`SELECT name FROM companies WHERE id = ${job.companyId}`);
      const names = { rival: profile.name, company: company[0].name, language: lang };
      for (const target of targets) {
        let data: GeneratedSectionData;
        try {
          data = COMPOSERS[target.sectionType](sources, { companyName: names.company, now: new Date(), language: lang });
          if (model.llm && data.citations.length) data = (await written(db, model, target, job.id, names, data, sources)) ?? data;
        } catch (err) {
          await tx.execute(sql`UPDATE landing_sections SET status = 'failed', error = ${(err as Error).message}, updated_at = now() WHERE id = ${target.id}`);
          continue;
        }
        await tx.execute(sql`
          UPDATE landing_sections SET status = 'succeeded', data = ${JSON.stringify(data)}::jsonb, sources_key = ${key}, error = NULL,
            generated_at = now(), updated_at = now()
          WHERE id = ${target.id} AND job_id = ${job.id}`);
      }
    },
  };
}

/**
 * The model's version of a composed section, or null (logged) when it failed or cited nothing. Its text streams into
 * the row through `db`, outside the job's transaction, so readers see it while it is written.
 */
async function written(
  db: Exec,
  model: LandingModel,
  target: Target,
  jobId: number,
  names: { rival: string; company: string; language: ReaderLanguage },
  draft: GeneratedSectionData,
  sources: LandingSources,
): Promise<GeneratedSectionData | null> {
  const all = new Map<string, LandingSource>([...sources.cards, ...sources.battlecards, ...sources.intel, ...sources.insights, ...sources.ours].map((s) => [`${s.type}:${s.id}`, s]));
  const cited = draft.citations.map((c) => all.get(`${c.type}:${c.id}`)!);
  const partial = async (data: GeneratedSectionData) => {
    await db.execute(sql`UPDATE landing_sections SET data = ${JSON.stringify(data)}::jsonb, updated_at = now() WHERE id = ${target.id} AND job_id = ${jobId}`);
  };
  try {
    const text = await writeSection(model.llm!, target.sectionType, names, draft, cited, partial);
    if (!text) model.logger?.warn({ section: target.sectionType }, 'the model cited none of the sources; the composed section stays');
    return text;
  } catch (err) {
    model.logger?.warn({ err, section: target.sectionType }, 'the model could not write the section; the composed section stays');
    return null;
  }
}

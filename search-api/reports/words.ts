// The words of a report in its reader's language (search-api/strings/<language>/reports.ts).
//
// The server words a report's body itself rather than sending codes for the web app to word: its texts are composed
// from the data (thresholds, counts, a rival's reasons, "Alpha (draft)"), the web app draws every report from one
// generic shape without knowing any, and a table leaves as CSV too, which only the server writes, so screen and export
// read the same. Report names are the exception: the web app names reports (menu, tabs, page title) from id and type.
import type { PrimitiveType } from 'intl-messageformat';
import { en } from '../strings/en.ts';
import { format, type ReaderLanguage, type StringKey } from '../strings/index.ts';

type ReportKey = StringKey extends infer K ? (K extends `reports.${infer Rest}` ? Rest : never) : never;
/** Labels of codes stored in the data, which may hold a code the strings do not know yet. */
type LabelGroup = 'roles' | 'searchContexts' | 'cardSources' | 'intelStates' | 'layouts';

export type Words = {
  (key: ReportKey, values?: Record<string, PrimitiveType>): string;
  /** The label of a stored code (a role, a search context), or the code itself when it has none: a new code still reads. */
  label: (group: LabelGroup, code: string) => string;
};

export function wordsOf(language: ReaderLanguage): Words {
  const say = (key: ReportKey, values?: Record<string, PrimitiveType>) => format(language, `reports.${key}`, values);
  const label = (group: LabelGroup, code: string) => (Object.hasOwn(en.reports[group], code) ? say(`${group}.${code}` as ReportKey) : code);
  return Object.assign(say, { label });
}

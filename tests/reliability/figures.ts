// Figures a reliability test measured, for the summary table of `npm run test:reliability`
// (tests/reliability/run.ts). Written as JSON lines to RELIABILITY_FIGURES when the runner set it;
// a no-op in a plain `npm test`.
import fs from 'node:fs';

export function recordFigure(check: string, figure: string): void {
  const file = process.env.RELIABILITY_FIGURES;
  if (file) fs.appendFileSync(file, JSON.stringify({ check, figure }) + '\n');
}

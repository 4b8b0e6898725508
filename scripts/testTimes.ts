// The time each test file took, from the JSON reports of vitest (jest's format: a start and an end per file) and
// of Playwright (suites per file, each test's results with their durations), slowest first.
export type FileTime = { file: string; ms: number };

type VitestReport = { testResults?: { name: string; startTime: number; endTime: number }[] };
type PlaywrightSuite = { file?: string; suites?: PlaywrightSuite[]; specs?: { tests: { results: { duration: number }[] }[] }[] };
type PlaywrightReport = { suites?: PlaywrightSuite[] };

export function slowestFiles(runner: 'vitest' | 'playwright', report: unknown, count = 20): FileTime[] {
  if (!report) return [];
  const times = runner === 'vitest' ? vitestTimes(report as VitestReport) : playwrightTimes(report as PlaywrightReport);
  return times.sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
}

function vitestTimes(report: VitestReport): FileTime[] {
  const root = process.cwd() + '/';
  return (report.testResults ?? []).map((r) => ({ file: r.name.replace(root, ''), ms: r.endTime - r.startTime }));
}

function playwrightTimes(report: PlaywrightReport): FileTime[] {
  const byFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) byFile.set(own, (byFile.get(own) ?? 0) + result.duration);
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? '');
  return [...byFile].map(([file, ms]) => ({ file, ms }));
}

import { describe, expect, it } from 'vitest';
import { slowestFiles } from './testTimes.ts';

describe('slowestFiles', () => {
  it("reads vitest's per-file start and end, slowest first, relative to the repository", () => {
    const report = {
      testResults: [
        { name: `${process.cwd()}/tests/a.test.ts`, startTime: 1000, endTime: 1500 },
        { name: `${process.cwd()}/tests/b.test.ts`, startTime: 1000, endTime: 9000 },
        { name: `${process.cwd()}/tests/c.test.ts`, startTime: 2000, endTime: 2100 },
      ],
    };
    expect(slowestFiles('vitest', report, 2)).toEqual([
      { file: 'tests/b.test.ts', ms: 8000 },
      { file: 'tests/a.test.ts', ms: 500 },
    ]);
  });

  it("adds up Playwright's result durations per file, through nested describe suites and retries", () => {
    const report = {
      suites: [
        {
          file: 'one.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 300 }, { duration: 200 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 1000 }] }] }] }],
        },
        { file: 'two.spec.ts', specs: [{ tests: [{ results: [{ duration: 900 }] }] }] },
      ],
    };
    expect(slowestFiles('playwright', report)).toEqual([
      { file: 'one.spec.ts', ms: 1500 },
      { file: 'two.spec.ts', ms: 900 },
    ]);
  });

  it('says nothing when a runner left no report (it failed before writing one)', () => {
    expect(slowestFiles('vitest', null)).toEqual([]);
  });
});

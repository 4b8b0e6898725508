// The house rules the lint's folder boundaries cannot see: no source file grows past 800 lines, and no chain of
// imports runs from one folder into another and back (a cycle inside one folder is that folder's own business).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SOURCE = /\.(ts|tsx|mjs|js|sql|css)$/;
const MAX_LINES = 800;

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && fs.existsSync(path.join(ROOT, f)));
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** Relative imports of each non-test module: the graph an import cycle would live in. */
function importGraph(): Map<string, string[]> {
  const modules = tracked.filter((f) => /\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !/^(tests|bench)\//.test(f));
  const known = new Set(modules);
  return new Map(
    modules.map((f) => {
      const targets = [...read(f).matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)]
        .map((m) => path.join(path.dirname(f), m[1]))
        .filter((t) => known.has(t));
      return [f, targets];
    }),
  );
}

/** Strongly connected components of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the layout', () => {
  it(`has no source file over ${MAX_LINES} lines`, () => {
    expect(tracked.length).toBeGreaterThan(500);
    const long = tracked.map((f) => ({ f, lines: read(f).split('\n').length - 1 })).filter((x) => x.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('has no import cycle across folders', () => {
    const graph = importGraph();
    expect(cycles(new Map([['a/x.ts', ['b/y.ts']], ['b/y.ts', ['a/x.ts']]]))).toEqual([['a/x.ts', 'b/y.ts']]);
    const across = cycles(graph).filter((c) => new Set(c.map((f) => path.dirname(f))).size > 1);
    expect(across).toEqual([]);
  });
});

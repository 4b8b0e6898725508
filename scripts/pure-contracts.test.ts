import { describe, expect, it } from 'vitest';
import { annotatePure } from './pure-contracts.ts';

describe('annotatePure', () => {
  it('marks every call made at module level, nested ones too, and leaves calls inside functions and calls made for their effect alone', () => {
    const code = [
      "export const A = z.object({ name: z.string().max(5) }).strict();",
      'const B = new Set([1]);',
      'export function f() { return z.string(); }',
      'export const g = (x: number) => String(x);',
      'export const LIMIT = 5;',
      'register(A);',
    ].join('\n');
    const out = annotatePure(code);
    expect(out).toContain('export const A = /* @__PURE__ */ z.object({ name: /* @__PURE__ */ z.string().max(5) }).strict();');
    expect(out).toContain('const B = /* @__PURE__ */ new Set([1]);');
    expect(out).toContain('export function f() { return z.string(); }');
    expect(out).toContain('export const g = (x: number) => String(x);');
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('\nregister(A);');
  });
});

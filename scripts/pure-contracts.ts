// The contracts (contracts/*.ts) are shared by the server and the web app. Besides the constants the web
// app uses, they build zod schemas at module level, and Rollup cannot tell that building a schema has no
// side effects (zod's namespace export also hides the calls from `treeshake.manualPureFunctions`), so a
// screen importing one constant downloaded every schema of that module, and zod itself. Marking every
// call made at module level in a contract as pure lets Rollup drop the schemas a bundle never uses.
import ts from 'typescript';
import type { Plugin } from 'vite';

const PURE = '/* @__PURE__ */ ';

/**
 * The source with a pure annotation before each call or `new` in the initializer of a module-level `const`
 * (not inside a function). A call standing alone as a statement is there for its effect and is left alone.
 */
export function annotatePure(code: string, fileName = 'contract.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const starts = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.add(node.getStart(source));
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) if (declaration.initializer) visit(declaration.initializer);
  }
  let out = code;
  for (const at of [...starts].sort((a, b) => b - a)) out = out.slice(0, at) + PURE + out.slice(at);
  return out;
}

const CONTRACT = /\/contracts\/[^/]+\.ts$/;

/** Vite plugin: contracts' module-level calls marked pure in production builds. */
export function pureContracts(): Plugin {
  return {
    name: 'rivalscope:pure-contracts',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      return CONTRACT.test(id) ? { code: annotatePure(code, id), map: null } : null;
    },
  };
}

// No words reach a reader except through the translation files: a scan of the web app's JSX for text between
// tags and for string literals in the attributes people read or hear (labels, titles, placeholders, alt text).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
/** Attributes whose value a reader sees or a screen reader speaks. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'label', 'alt', 'description', 'error', 'tooltip', 'message']);
/** Object properties that carry the same (a Select's options, a toast). */
const READ_PROPERTIES = new Set(['label', 'title', 'message', 'description', 'placeholder']);
/** Words, except in an address (a placeholder such as https://www.example.com reads the same everywhere). */
const isWords = (text: string) => /\p{L}{2,}/u.test(text) && !/^\s*https?:\/\//.test(text);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' || e.name === 'test' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The literal words of a file's JSX, as `file:line text`. */
function literals(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (isWords(text)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${text.trim()}`);
  };
  /** The literal text of a string or template (`Open ${name}` → 'Open '), or null for any other expression. */
  const textOf = (value: ts.Node | undefined): string | null => {
    if (!value) return null;
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) return value.text;
    if (ts.isTemplateExpression(value)) return [value.head.text, ...value.templateSpans.map((span) => span.literal.text)].join(' ');
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const text = textOf(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
      if (text !== null) report(node, text);
    }
    // The same names as object properties: a Select's options, a toast's title and message.
    if (ts.isPropertyAssignment(node) && READ_PROPERTIES.has(node.name.getText(source).replace(/['"]/g, ''))) {
      const text = textOf(node.initializer);
      if (text !== null) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('literal words in the web app', () => {
  it('finds text between tags, in read attributes and in properties of the same names', () => {
    const code = `const a = <Tooltip label="Save it"><b title={'Hi there'}>Hello {name}</b><i aria-hidden>·</i><X data-testid="some-id" aria-label={\`Open \${name}\`} alt={\`\${a}·\${b}\`} /></Tooltip>; show({ message: 'Done', id: 'toast-id' });`;
    expect(literals('x.tsx', code).map((l) => l.replace(/^x\.tsx:\d+ /, ''))).toEqual(['Save it', 'Hi there', 'Hello', 'Open', 'Done']);
  });

  it('has none outside the translation files', () => {
    const found = sources(SRC).flatMap((file) => literals(path.relative(SRC, file), fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});

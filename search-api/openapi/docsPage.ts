// /api/docs: the OpenAPI document as a page a developer reads, rendered on the server from the same document
// (no script, so the product's content security policy holds and nothing loads from elsewhere).
import { TOKEN_SCOPES } from '../../contracts/apiTokens.ts';
import { escapeHtml as e } from '../../contracts/htmlEscape.ts';
import type { openApiDocument } from './document.ts';

type Doc = ReturnType<typeof openApiDocument>;
type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  'x-token-scope'?: string;
};

const SCOPE_WORDS: Record<(typeof TOKEN_SCOPES)[number], string> = {
  'cards:read': 'read cards, boards, battlecards, rivals, landing pages and news; search; ask Ask',
  'intel:read': 'read the intel feed',
  'intel:submit': 'submit intel',
  'intel:manage': 'triage and edit intel, run monitors (includes intel:read and intel:submit)',
  extension: 'what the browser extension needs: badges on rivals’ sites and CRM pages, sending pages to the feed (includes cards:read and intel:submit)',
  admin: 'everything its owner may do (admins only; includes every other scope)',
};

/** Escaped text with the document's `code` spans (its descriptions are CommonMark, as OpenAPI says) as code. */
const prose = (text: string) => e(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const typeOf = (schema: Record<string, unknown> | undefined): string => {
  if (!schema) return '';
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  return String(schema.type ?? (schema.anyOf ? 'one of several' : ''));
};

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content['application/json']?.schema;
  return `<section class="op" id="${e(op.operationId ?? '')}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${e(path)}</code></h3>
  <p>${e(op.summary ?? '')}</p>
  <p class="access">${prose(op.description ?? '')}</p>
  ${
    params.length
      ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead><tbody>${params
          .map((p) => `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td>${e(typeOf(p.schema))}</td><td>${p.required ? 'yes' : 'no'}</td></tr>`)
          .join('')}</tbody></table>`
      : ''
  }
  ${body ? `<details><summary>JSON body</summary><pre>${e(JSON.stringify(body, null, 2))}</pre></details>` : ''}
</section>`;
}

export function docsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.info.title)} reference</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1a1b1e; }
  header, main, nav { max-width: 980px; margin: 0 auto; padding: 0 20px; }
  header { padding-top: 24px; }
  nav ul { display: flex; flex-wrap: wrap; gap: 8px 16px; padding: 0; list-style: none; }
  a { color: #1c5fc4; }
  code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
  h3 { font-size: 15px; margin: 0 0 4px; overflow-wrap: anywhere; }
  .op { border-top: 1px solid #dee2e6; padding: 14px 0; }
  .access { color: #495057; margin: 0; }
  .method { display: inline-block; min-width: 58px; padding: 1px 6px; border-radius: 4px; color: #fff; text-align: center; font-size: 12px; }
  .get { background: #1c6e3a; } .post { background: #1c5fc4; } .put, .patch { background: #8a4b00; } .delete { background: #b3261e; }
  table { border-collapse: collapse; margin: 8px 0; font-size: 14px; }
  caption { text-align: left; font-weight: 600; }
  th, td { border: 1px solid #dee2e6; padding: 3px 8px; text-align: left; }
  pre { background: #f5f6f7; padding: 10px; overflow-x: auto; }
</style>
</head>
<body>
<header>
  <h1>${e(doc.info.title)} reference</h1>
  <p>${prose(doc.info.description ?? '')}</p>
  <p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${e(doc.openapi)}).</p>
  <h2>Token scopes</h2>
  <ul>${Object.entries(SCOPE_WORDS)
    .map(([scope, words]) => `<li><code>${e(scope)}</code>: ${e(words)}</li>`)
    .join('')}</ul>
  <p>A token answers 401 once revoked or expired, 403 on a route its scopes do not cover or that needs a session, and 429 with <code>Retry-After</code> when it makes too many requests.</p>
</header>
<nav aria-label="Areas"><ul>${[...byTag.keys()].map((tag) => `<li><a href="#${anchor(tag)}">${e(tag)}</a></li>`).join('')}</ul></nav>
<main>
${[...byTag.entries()].map(([tag, ops]) => `<h2 id="${anchor(tag)}">${e(tag)}</h2>\n${ops.join('\n')}`).join('\n')}
</main>
</body>
</html>`;
}

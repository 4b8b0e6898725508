// Highlighting: re-analyzes the stored text of returned hits (no positions are kept in the index)
// and wraps tokens whose analyzed form is a query term. Fragments are windows of about
// fragment_size characters around matches, best first by distinct terms, returned in text order.
import { readPath } from '../../fields.ts';
import { ENGINE_LIMITS, type HighlightRequest } from '../../port.ts';
import type { Schema } from '../index/schema.ts';

interface Span {
  start: number;
  end: number;
  term: string;
}

export function highlightDoc(
  schema: Schema,
  req: HighlightRequest,
  terms: Map<string, Set<string>>,
  source: Record<string, unknown>,
): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const [name, opts] of Object.entries(req.fields)) {
    const f = schema.fields.get(name);
    if (!f) continue;
    const wanted = terms.get(name);
    const prefixes = terms.get(`${name}\u0000prefix`);
    if (!wanted && !prefixes) continue;
    const pre = opts.pre_tags?.[0] ?? req.pre_tags?.[0] ?? '<em>';
    const post = opts.post_tags?.[0] ?? req.post_tags?.[0] ?? '</em>';
    const size = opts.fragment_size ?? req.fragment_size ?? ENGINE_LIMITS.defaultFragmentSize;
    const count = opts.number_of_fragments ?? req.number_of_fragments ?? ENGINE_LIMITS.defaultNumberOfFragments;
    const esc = req.encoder === 'html' ? escapeHtml : (x: string) => x;
    const fragments: { text: string; score: number; order: number }[] = [];
    let order = 0;
    for (const value of readPath(source, f.sourcePath)) {
      if (typeof value !== 'string') continue;
      let spans: Span[];
      if (f.kind === 'text') {
        spans = f.analyzer!.tokens(value).filter((t) => wanted?.has(t.term) || (prefixes && [...prefixes].some((p) => t.term.startsWith(p))));
      } else {
        const norm = f.normalize ? f.normalize(value) : value;
        spans = wanted?.has(norm) ? [{ start: 0, end: value.length, term: norm }] : [];
      }
      if (spans.length === 0) continue;
      if (count === 0) {
        fragments.push({ text: mark(value, 0, value.length, spans, pre, post, esc), score: spans.length, order: order++ });
        continue;
      }
      for (const w of windows(value, spans, size)) {
        fragments.push({ text: mark(value, w.start, w.end, w.spans, pre, post, esc), score: new Set(w.spans.map((s) => s.term)).size, order: order++ });
      }
    }
    if (fragments.length === 0) continue;
    const chosen = count === 0 ? fragments : [...fragments].sort((a, b) => b.score - a.score || a.order - b.order).slice(0, count).sort((a, b) => a.order - b.order);
    out[name] = chosen.map((x) => x.text);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Groups matches into windows of about `size` characters, cut at word boundaries. */
function windows(text: string, spans: Span[], size: number): { start: number; end: number; spans: Span[] }[] {
  const out: { start: number; end: number; spans: Span[] }[] = [];
  let i = 0;
  while (i < spans.length) {
    const first = spans[i];
    const group = [first];
    let j = i + 1;
    while (j < spans.length && spans[j].end - first.start <= size) group.push(spans[j++]);
    const last = group[group.length - 1];
    const slack = Math.max(0, size - (last.end - first.start));
    let start = Math.max(0, first.start - Math.floor(slack / 2));
    let end = Math.min(text.length, last.end + Math.ceil(slack / 2));
    start = wordStart(text, start, first.start);
    end = wordEnd(text, end, last.end);
    if (out.length > 0 && start < out[out.length - 1].end) start = out[out.length - 1].end;
    out.push({ start, end, spans: group });
    i = j;
  }
  return out;
}

function wordStart(text: string, pos: number, limit: number): number {
  if (pos === 0) return 0;
  const sp = text.lastIndexOf(' ', pos);
  const candidate = sp < 0 ? 0 : sp + 1;
  return candidate <= limit ? candidate : limit;
}

function wordEnd(text: string, pos: number, limit: number): number {
  if (pos >= text.length) return text.length;
  const sp = text.indexOf(' ', pos);
  const candidate = sp < 0 ? text.length : sp;
  return candidate >= limit ? candidate : limit;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Marks spans in text[start, end); `esc` is the encoder (HTML escaping for `encoder: 'html'`). */
function mark(text: string, start: number, end: number, spans: Span[], pre: string, post: string, esc: (s: string) => string): string {
  let out = '';
  let pos = start;
  for (const s of spans) {
    if (s.start < pos || s.end > end) continue;
    out += esc(text.slice(pos, s.start)) + pre + esc(text.slice(s.start, s.end)) + post;
    pos = s.end;
  }
  return (out + esc(text.slice(pos, end))).trim();
}

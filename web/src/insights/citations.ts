// A written summary's [n] citations of the quotes listed with it, in the same order (issue #27).

export type CitedPart = { text: string } | { ref: number };

/** The summary as runs of text and citations of quotes 1..count; any other [n] stays text (an extractive summary has none). */
export function citedParts(summary: string, count: number): CitedPart[] {
  const parts: CitedPart[] = [];
  let text = '';
  let from = 0;
  for (const m of summary.matchAll(/\[(\d{1,3})\]/g)) {
    const ref = Number(m[1]);
    if (ref < 1 || ref > count) continue;
    text += summary.slice(from, m.index);
    if (text) parts.push({ text });
    parts.push({ ref });
    text = '';
    from = m.index + m[0].length;
  }
  text += summary.slice(from);
  if (text) parts.push({ text });
  return parts;
}

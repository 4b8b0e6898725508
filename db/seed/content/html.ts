// HTML helpers for card text (sanitized HTML in the app; keep to the common tags).

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export const html = {
  esc,
  p: (inner: string) => `<p>${inner}</p>`,
  h3: (t: string) => `<h3>${esc(t)}</h3>`,
  h4: (t: string) => `<h4>${esc(t)}</h4>`,
  strong: (t: string) => `<strong>${esc(t)}</strong>`,
  em: (t: string) => `<em>${esc(t)}</em>`,
  a: (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`,
  ul: (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`,
  ol: (items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`,
  table: (head: string[], rows: string[][]) =>
    `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
      .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
      .join('')}</tbody></table>`,
  quote: (t: string) => `<blockquote><p>${esc(t)}</p></blockquote>`,
};

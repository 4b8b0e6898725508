// The one HTML allow-list on the server: a corpus of XSS payloads saved through the card API (as
// textHtml, as html blocks of textJson, on create and on edit) comes back and is stored with nothing
// executable: only allowed tags and attributes, no event handlers, no script URLs. Formatting that the
// editor needs (tables with colspan, image sizes, formula markers, plain video links) survives.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS } from '../../contracts/html.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';

const XSS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p onclick=alert(1) title="t">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)><circle r=5 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="import" href="https://evil.test/x.html">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<p><b><i>nested <img src=x onerror=alert(1)></b></i>',
  '<<script>alert(1);//<</script>',
  '<img """><script>alert(1)</script>">',
  '<a href="#" onclick="alert(1)" data-evil="1">x</a>',
  '<div id="x" class="y" name="z">named</div>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<!--<img src=x onerror=alert(1)>-->',
  '<textarea><script>alert(1)</script></textarea>',
];

/**
 * Every reason stored HTML could execute or leave the allow-list; empty when it is safe. The HTML is
 * DOMPurify's serialization (attribute values double-quoted with " escaped, < escaped in text), so
 * tags and attributes can be read with patterns.
 */
function problems(html: string): string[] {
  const out: string[] = [];
  if (/<script/i.test(html)) out.push('script tag');
  if (/javascript:|vbscript:/i.test(html)) out.push('script URL');
  for (const [, tag, attrs] of html.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>\/]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const name = tag.toLowerCase();
    if (!(ALLOWED_TAGS as readonly string[]).includes(name)) out.push(`tag ${name}`);
    for (const [, attr, value = ''] of attrs.matchAll(/\s([^\s=>\/]+)(?:="([^"]*)")?/g)) {
      if (/^on/i.test(attr)) out.push(`handler ${attr}`);
      if (!(ALLOWED_ATTR as readonly string[]).includes(attr)) out.push(`attribute ${attr}`);
      if ((attr === 'href' || attr === 'src') && /^\s*(?:javascript|vbscript|data):/i.test(value) && !(name === 'img' && /^data:image\//i.test(value))) {
        out.push(`${attr}=${value}`);
      }
    }
  }
  // Every tag opening must be one the pattern above read (quoted attributes only); values aside.
  const bare = html.replace(/="[^"]*"/g, '=""');
  const openings = bare.match(/<[a-zA-Z]/g)?.length ?? 0;
  const read = bare.match(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>\/]+(?:="")?)*)\s*\/?>/g)?.length ?? 0;
  if (openings !== read) out.push('malformed tag');
  return out;
}

let t: TestApp;
let curator: Awaited<ReturnType<typeof signIn>>;
let boardId: number;

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  boardId = ((await t.db.execute(sql`SELECT id FROM boards WHERE name = 'Overview' ORDER BY id LIMIT 1`)).rows[0] as { id: number }).id;
});
afterAll(() => t.drop());

describe('card text sanitizing', () => {
  it('has a checker that notices executable markup', () => {
    expect(problems('<p>fine</p>')).toEqual([]);
    expect(problems('<img src=x onerror=alert(1)>')).toContain('malformed tag');
    expect(problems('<img src="x" onerror="alert(1)">')).toContain('handler onerror');
    expect(problems('<a href="javascript:alert(1)">x</a>')).toContain('script URL');
    expect(problems('<iframe></iframe>')).toContain('tag iframe');
    expect(problems('<p title="a">x</p><img src="data:text/html,x" style="x">')).toEqual(['src=data:text/html,x', 'attribute style']);
  });

  it('stores nothing executable from any payload, on create and on edit, in textHtml and textJson', async () => {
    for (const payload of XSS) {
      const created = await curator.post('/api/cards.json?v=2', {
        data: { name: 'XSS probe', textHtml: `<p>before</p>${payload}<p>after</p>`, textJson: [{ type: 'html', value: payload }, { type: 'formula', value: '{{companyData(1)}}' }] },
        boardId,
      });
      expect(created.status, payload).toBe(201);
      const edited = await curator.put(`/api/cards/${created.body.id}.json`, { data: { textHtml: payload } });
      expect(edited.status, payload).toBe(200);
      const [stored] = (await t.db.execute(sql`SELECT text_html, text_json FROM cards WHERE id = ${created.body.id}`)).rows as {
        text_html: string;
        text_json: { type: string; value: string }[];
      }[];
      expect(problems(created.body.textHtml), `${payload} → ${created.body.textHtml}`).toEqual([]);
      expect(problems(stored.text_html), `${payload} → ${stored.text_html}`).toEqual([]);
      expect(created.body.textHtml).toContain('<p>before</p>');
      const html = created.body.textJson.find((b: { type: string }) => b.type === 'html').value;
      expect(problems(html), `${payload} → ${html}`).toEqual([]);
      for (const block of stored.text_json.filter((b) => b.type === 'html')) expect(problems(block.value), payload).toEqual([]);
    }
  });

  it('keeps the formatting cards need; a video link stays a link (the browser makes the player)', async () => {
    const html =
      '<table><tbody><tr><td colspan="2" width="120">cell</td></tr></tbody></table>' +
      '<p><img src="https://img.test/a.png" alt="chart" width="20" height="10"><img src="data:image/png;base64,iVBORw0KGgo="></p>' +
      '<p><span data-formula="{{companyData(12)}}">f</span> <a href="/profile/3?viewCard=7" data-card-link="7">card</a></p>' +
      '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">video</a> <a href="mailto:a@b.test">mail</a></p>';
    const res = await curator.post('/api/cards.json?v=3', { data: { name: 'Formatting', textHtml: html, hasDynamicBlocks: true }, boardId, templateName: 'CardHTML' });
    expect(res.body.textHtml).toBe(html);
  });
});

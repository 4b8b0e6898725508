// The digest mail: one template for the HTML part (sent, and previewed in the browser) and the plain-text
// part. Every text a user or a feed supplied is escaped; every link is absolute (APP_URL) or an http(s) permalink.
// The template's own words and dates are in the recipient's language; what the curator wrote is not translated.
import type { DigestPost } from '../../contracts/digests.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { format, formatDay, readerLanguage } from '../strings/index.ts';

export type DigestMailInput = { title: string; intro: string; posts: DigestPost[] };
/**
 * `trackingToken` (a sent mail, not a preview): links go through the product's own redirect and an open pixel
 * counts the opens, for reports (search-api/digests/tracking.ts).
 */
export type DigestMailContext = { companyName: string; appUrl: string; language: string; trackingToken?: string };
export type DigestMail = { subject: string; html: string; text: string };

/** Only http(s) links reach a mail; anything else (javascript:, data:, relative) is dropped. */
function safeLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

const metaOf = (p: DigestPost, language: string) =>
  [p.rivals.map((r) => r.name).join(', '), p.publishedAt ? formatDay(language, new Date(p.publishedAt), 'short') : ''].filter(Boolean).join(' · ');

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.55;color:#334155">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** Where a mail's link points: straight at `target`, or through /api/r/{token}/{what} when the mail is tracked. */
type Linker = (what: string, target: string) => string;
const linkerOf = (app: string, token: string | undefined): Linker => (token ? (what) => `${app}/api/r/${token}/${what}` : (_what, target) => target);

function itemHtml(p: DigestPost, linkTo: Linker, language: string): string {
  const safe = safeLink(p.permalink);
  const link = safe && linkTo(String(p.postId), safe);
  const title = escapeHtml(p.title);
  const heading = link ? `<a href="${escapeHtml(link)}" style="color:#3730a3;text-decoration:none">${title}</a>` : title;
  const meta = escapeHtml(metaOf(p, language));
  return `<tr><td style="padding:18px 0;border-top:1px solid #e2e8f0">
  <h2 style="margin:0 0 6px;font-size:17px;line-height:1.35;font-weight:600;color:#0f172a">${heading}</h2>
  ${meta ? `<div style="margin:0 0 8px;font-size:12px;color:#64748b;text-transform:uppercase;letter-spacing:.04em">${meta}</div>` : ''}
  ${p.summary ? `<p style="margin:0;font-size:14px;line-height:1.55;color:#334155">${escapeHtml(p.summary)}</p>` : ''}
</td></tr>`;
}

export function renderDigestMail(d: DigestMailInput, ctx: DigestMailContext): DigestMail {
  const lang = readerLanguage(ctx.language);
  const brand = format(lang, 'digest.brand', { company: ctx.companyName });
  const app = ctx.appUrl.replace(/\/+$/, '');
  const linkTo = linkerOf(app, ctx.trackingToken);
  const feed = linkTo('feed', `${app}/feed`);
  const settings = `${app}/settings/profile`;
  const pixel = ctx.trackingToken ? `<img src="${app}/api/r/${ctx.trackingToken}/open.gif" width="1" height="1" alt="" style="display:block;border:0">` : '';
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(d.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;background:#ffffff;border-radius:12px">
<tr><td style="padding:32px">
  <div style="font-size:12px;font-weight:600;color:#4f46e5;text-transform:uppercase;letter-spacing:.08em">${escapeHtml(brand)}</div>
  <h1 style="margin:8px 0 16px;font-size:24px;line-height:1.25;color:#0f172a">${escapeHtml(d.title)}</h1>
  ${paragraphs(d.intro)}
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0">${d.posts.map((p) => itemHtml(p, linkTo, lang)).join('')}</table>
  <p style="margin:24px 0 0"><a href="${escapeHtml(feed)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-size:14px;font-weight:600">${escapeHtml(format(lang, 'digest.openFeed'))}</a></p>
</td></tr></table>
<p style="max-width:640px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(format(lang, 'digest.reason'))}
<a href="${escapeHtml(settings)}" style="color:#64748b">${escapeHtml(format(lang, 'digest.settings'))}</a>.</p>
</td></tr></table>${pixel}
</body></html>`;

  const text = [
    brand,
    '',
    d.title,
    '='.repeat(Math.min(d.title.length, 72)),
    ...(d.intro ? ['', d.intro] : []),
    ...d.posts.flatMap((p) => {
      const meta = metaOf(p, lang);
      const safe = safeLink(p.permalink);
      const link = safe && linkTo(String(p.postId), safe);
      return ['', `* ${p.title}`, ...(meta ? [`  ${meta}`] : []), ...(p.summary ? [`  ${p.summary}`] : []), ...(link ? [`  ${link}`] : [])];
    }),
    '',
    format(lang, 'digest.openFeedText', { url: feed }),
    format(lang, 'digest.settingsText', { url: settings }),
    '',
  ].join('\n');

  return { subject: d.title, html, text };
}

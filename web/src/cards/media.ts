// Plain video links in card text become players (part 2 §2 card rendering): a link whose text is its
// own URL and that points to a YouTube or Vimeo video is shown as that service's embedded player. Only
// these two player hosts are allowed by the content security policy (search-api/app.ts frame-src).

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The player URL of a YouTube or Vimeo video link, or null. */
export function videoPlayerUrl(href: string): string | null {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  const segs = u.pathname.split('/').filter(Boolean);
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = segs[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segs[0] === 'watch') youtube = u.searchParams.get('v');
    else if (segs[0] === 'embed' || segs[0] === 'shorts' || segs[0] === 'live') youtube = segs[1] ?? null;
  }
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  if (host === 'vimeo.com' && /^\d{1,12}$/.test(segs[0] ?? '')) return `https://player.vimeo.com/video/${segs[0]}`;
  if (host === 'player.vimeo.com' && segs[0] === 'video' && /^\d{1,12}$/.test(segs[1] ?? '')) return `https://player.vimeo.com/video/${segs[1]}`;
  return null;
}

/** A "plain" link: its visible text is its URL (give or take whitespace and a trailing slash). */
export function isPlainLink(text: string, href: string): boolean {
  const norm = (s: string) => s.trim().replace(/\/$/, '');
  return norm(text) === norm(href);
}

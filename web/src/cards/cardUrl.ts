// Card links (part 1 §5, part 2 §5, §8): card ids (and profile ids) parsed from a URL must be positive
// integers, otherwise "Error parsing Card URL." is raised. Also the links of the single card viewer
// and the rule that links to other hosts open in a new tab. Pure; see cardUrl.test.ts.

export const CARD_URL_ERROR = 'Error parsing Card URL.';

export class CardUrlError extends Error {
  override readonly name = 'CardUrlError';
  constructor() {
    super(CARD_URL_ERROR);
  }
}

export type CardRef = { cardId: number; profileId: number | null };

const MAX_ID = 2_147_483_647;

/** A positive integer id from its text, or null ("12", not "012", "1.5", "-3", "12abc"). */
export function positiveId(text: string | null | undefined): number | null {
  if (text == null || !/^[1-9]\d{0,9}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= MAX_ID ? n : null;
}

const PLACEHOLDER_ORIGIN = 'http://rivalscope.invalid';

function toUrl(url: string, base?: string): URL | null {
  try {
    return new URL(url.trim(), base ?? PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
}

/** The card id a URL names, or undefined when the URL is not a card link at all; the raw text when it is one. */
function cardIdText(u: URL): { card: string; profile: string | null } | undefined {
  const segs = u.pathname.split('/').filter(Boolean);
  const viewCard = u.searchParams.get('viewCard');
  const profile = segs[0] === 'profile' ? (segs[1] ?? null) : null;
  if (viewCard !== null) return { card: viewCard, profile };
  // /card/embed/{cardId}
  if (segs[0] === 'card' && segs[1] === 'embed') return { card: segs[2] ?? '', profile: null };
  if (segs[0] === 'profile') {
    // /profile/{p}/edit/card/{cardId}[/edit]
    if (segs[2] === 'edit' && segs[3] === 'card') return { card: segs[4] ?? '', profile };
    // /profile/{p}/edit#{laneId}/{cardId}
    if (segs[2] === 'edit' && segs.length === 3 && u.hash) {
      const [, cardId] = u.hash.slice(1).split('/');
      if (cardId !== undefined) return { card: cardId, profile };
    }
    // /profile/{p}/battlecard/view/{b}?cardId={cardId}
    const cardId = u.searchParams.get('cardId');
    if (segs[2] === 'battlecard' && cardId !== null) return { card: cardId, profile };
  }
  return undefined;
}

/** Parses a card link (absolute or relative, or a bare id); throws "Error parsing Card URL." */
export function parseCardUrl(url: string): CardRef {
  const bare = positiveId(url);
  if (bare !== null) return { cardId: bare, profileId: null };
  const u = toUrl(url);
  const found = u ? cardIdText(u) : undefined;
  if (!found) throw new CardUrlError();
  const cardId = positiveId(decodeSafe(found.card));
  if (cardId === null) throw new CardUrlError();
  let profileId: number | null = null;
  if (found.profile !== null) {
    profileId = positiveId(found.profile);
    if (profileId === null) throw new CardUrlError();
  }
  return { cardId, profileId };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The card a link inside card text points to, when it is a card link of this product (same origin);
 * null otherwise (plain links, other hosts, or malformed card links, which stay ordinary links).
 */
export function cardLinkTarget(href: string, origin: string): CardRef | null {
  const u = toUrl(href, origin);
  if (!u || u.origin !== new URL(origin).origin || !cardIdText(u)) return null;
  try {
    return parseCardUrl(u.href);
  } catch {
    return null;
  }
}

/** Links to hosts outside the product open in a new tab (part 1 §5). Relative links stay. */
export function isExternalLink(href: string, origin: string): boolean {
  const u = toUrl(href, origin);
  if (!u) return false;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  return u.host !== new URL(origin).host;
}

/** The ?viewCard= value of a location: a positive integer id, or null. */
export const viewCardId = (params: URLSearchParams): number | null => positiveId(params.get('viewCard'));
/** The current location with ?viewCard set (or removed): opens (or closes) the single card viewer over any page. */
export function withViewCard(pathname: string, search: string, cardId: number | null): string {
  const q = new URLSearchParams(search);
  if (cardId === null) q.delete('viewCard');
  else q.set('viewCard', String(cardId));
  const s = q.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return s ? `${pathname}?${s}` : pathname;
}

/** Where the lane of a card goes: the profile with that lane focused. */
export const laneHref = (profileId: number, boardId: number) => `/profile/${profileId}?lanes=${boardId}`;
/** The curators' edit route of a card. */
export const editCardHref = (profileId: number, cardId: number) => `/profile/${profileId}/edit/card/${cardId}`;

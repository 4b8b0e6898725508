// Demo reviews of the rivals on public review sites, for review insights. Each rival leans its own way: the
// aspects its strengths name (content.ts) draw most of its reviews' praise, those its weaknesses name most of
// their complaints. Sentences agree with the rating: a 5-star review praises (one gripe at most),
// a 1-star review complains, a 3-star review mixes. Reviews come out oldest first, over two years before `now`,
// denser towards now; permalinks have each site's URL shape with ids that grow over time. Pure: no I/O, no clock.
import type { CompanySizeBucket, ReviewInput, ReviewSiteKey } from '../../contracts/reviews.ts';
import type { RivalFacts } from './content.ts';
import { DAY, Rng, seedOf, slugify } from './random.ts';
import {
  ASPECTS,
  EMPLOYEE_ASPECTS,
  OPENERS,
  EMPLOYEE_OPENERS,
  CLOSERS,
  EMPLOYEE_CLOSERS,
  TITLES,
  EMPLOYEE_TITLES,
  TURNS,
  FILLERS,
  EMPLOYEE_JOBS,
  REVIEW_ASPECTS,
  ROLES,
  type ReviewAspect,
} from './reviewText.ts';

export type DemoReview = ReviewInput & { rival: string };

export const DEMO_REVIEW_COUNT = 3_000;
export const REVIEWS_PER_SCALE = 10_000;
export const DEMO_REVIEW_DAYS = 730;
/** Review volume grows linearly over the two years: a month now brings (1 + growth) times the reviews of the first. */
const VOLUME_GROWTH = 2;

export { REVIEW_ASPECTS, type ReviewAspect };

// ---------------------------------------------------------------------------------------------
// Templates, compiled once: "At {price} it …" → ['At ', 'price', ' it …'] (odd indices are placeholders).

type Template = { parts: string[]; keys: Set<string> };
const compile = (text: string): Template => {
  const parts = text.split(/\{(\w+)\}/);
  return { parts, keys: new Set(parts.filter((_, i) => i % 2 === 1)) };
};
const compileAll = (texts: readonly string[]) => texts.map(compile);
type Sides = { praise: Template[]; complaint: Template[]; noun: string };
type Verdicts = Record<'positive' | 'mixed' | 'negative', Template[]>;
const compileVerdicts = (v: Record<keyof Verdicts, string[]>): Verdicts => ({
  positive: compileAll(v.positive),
  mixed: compileAll(v.mixed),
  negative: compileAll(v.negative),
});

const PRODUCT_SIDES = Object.fromEntries(
  REVIEW_ASPECTS.map((a) => [a, { praise: compileAll(ASPECTS[a].praise), complaint: compileAll(ASPECTS[a].complaint), noun: ASPECTS[a].noun }]),
) as Record<ReviewAspect, Sides>;
const EMPLOYEE_SIDES: Sides[] = EMPLOYEE_ASPECTS.map((a) => ({ praise: compileAll(a.praise), complaint: compileAll(a.complaint), noun: a.noun }));
const VOICES = {
  product: { openers: compileAll(OPENERS), closers: compileVerdicts(CLOSERS), titles: compileVerdicts(TITLES) },
  employee: { openers: compileAll(EMPLOYEE_OPENERS), closers: compileVerdicts(EMPLOYEE_CLOSERS), titles: compileVerdicts(EMPLOYEE_TITLES) },
};

// ---------------------------------------------------------------------------------------------
// Rivals: what the generator derives once from each rival's facts.

/** How a rival leans on each aspect: +1 for each of its strengths that speaks of it, −1 for each weakness. */
export function reviewLeanings(rival: RivalFacts): Record<ReviewAspect, number> {
  const leanings = Object.fromEntries(REVIEW_ASPECTS.map((a) => [a, 0])) as Record<ReviewAspect, number>;
  for (const [facts, sign] of [[rival.strengths, 1], [rival.weaknesses, -1]] as const) {
    for (const fact of facts) for (const a of REVIEW_ASPECTS) if (ASPECTS[a].facts.test(fact)) leanings[a] += sign;
  }
  return leanings;
}

/**
 * A weighted choice whose running totals are summed once (Rng.weighted sums them on every call, and the
 * generator picks a dozen times per review, millions of times over).
 */
class Choice<T> {
  private readonly values: T[];
  private readonly upTo: Float64Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    let total = 0;
    this.values = entries.map(([value]) => value);
    this.upTo = Float64Array.from(entries, ([, weight]) => (total += weight));
  }

  pick(rng: Rng): T {
    const r = rng.next() * this.upTo[this.upTo.length - 1];
    let i = 0;
    while (i < this.upTo.length - 1 && r >= this.upTo[i]) i++;
    return this.values[i];
  }
}

type RivalProfile = {
  facts: RivalFacts;
  /** The aspect a sentence praises, and the one a sentence criticises. */
  praised: Choice<ReviewAspect>;
  criticised: Choice<ReviewAspect>;
  /** 1 to 5 stars. */
  stars: Choice<number>;
  sites: Choice<ReviewSiteKey>;
  sizes: Choice<CompanySizeBucket>;
  roles: string[];
  products: Choice<string>;
  prices: string[];
  tiers: string[];
  topTier: string;
  others: string[];
  gartnerMarket: string;
};

const BASE_STARS = [0.08, 0.05, 0.1, 0.3, 0.47];
/** How each star count moves as a rival's standing goes up: more 5s, fewer 1s and 2s. */
const STAR_SHIFT = [-1.1, -0.8, 0, 0.4, 1];
const BASE_SITES: Record<ReviewSiteKey, number> = {
  g2: 34, g2crowd: 0, capterra: 24, trustradius: 9, gartner: 7, peerspot: 5, softwareadvice: 7, trustpilot: 4, producthunt: 0, glassdoor: 3, indeed: 1,
};
const ENTERPRISE_SITES: Partial<Record<ReviewSiteKey, number>> = { gartner: 2.5, peerspot: 2.5, trustradius: 1.5, capterra: 0.6, softwareadvice: 0.6, trustpilot: 0.5 };
const SMB_SITES: Partial<Record<ReviewSiteKey, number>> = { capterra: 1.4, softwareadvice: 1.4, trustpilot: 1.5, gartner: 0.3, peerspot: 0.3 };

/** "$65 / user / month" → "$65 a seat", "From $150k / year" → "$150k a year", "$2.10 per credit" stays. */
function priceMentions(rival: RivalFacts): string[] {
  const out: string[] = [];
  for (const tier of rival.tiers) {
    const m = /(\$[\d,.]+k?\+?)\s*(?:(\/ user \/ month)|(\/ year)|(\/ month)|(per [\d,]*\s*\w+))?/.exec(tier.price);
    if (!m || m[1] === '$0') continue;
    out.push(m[2] ? `${m[1]} a seat` : m[3] ? `${m[1]} a year` : m[4] ? `${m[1]} a month` : m[5] ? `${m[1]} ${m[5]}` : m[1]);
  }
  return out.length ? out : ['the list price'];
}

/**
 * Per unit of leaning, how much more often a side is heard on an aspect the rival leans towards it; on an aspect
 * it leans away from, that side is heard at AGAINST_LEANING of the usual rate.
 */
const LEANING_PULL = 2.5;
const AGAINST_LEANING = 0.25;

function aspectChoice(leanings: Record<ReviewAspect, number>, side: 1 | -1): Choice<ReviewAspect> {
  return new Choice(
    REVIEW_ASPECTS.map((a) => {
      const toward = leanings[a] * side;
      return [a, ASPECTS[a].weight * (toward > 0 ? 1 + LEANING_PULL * toward : toward < 0 ? AGAINST_LEANING : 1)] as const;
    }),
  );
}

function profileOf(rival: RivalFacts, all: readonly RivalFacts[], rng: Rng): RivalProfile {
  const leanings = reviewLeanings(rival);
  const about = `${rival.segment} ${rival.tagline}`;
  const enterprise = /enterprise|regulated|banks|governance/i.test(about);
  const smb = /small|startup/i.test(about);
  // More strengths than weaknesses lifts the ratings; a seeded jitter keeps two rivals of equal counts apart.
  const standing = (0.6 * (rival.strengths.length - rival.weaknesses.length)) / (rival.strengths.length + rival.weaknesses.length) + rng.float(-0.45, 0.45);
  const stars = BASE_STARS.map((p, i) => [i + 1, p * Math.exp(STAR_SHIFT[i] * standing)] as const);
  const siteBias = enterprise ? ENTERPRISE_SITES : smb ? SMB_SITES : {};
  const sites = (Object.keys(BASE_SITES) as ReviewSiteKey[]).map((s) => {
    // Product Hunt reviews come with a launch: only younger products get them.
    const launch = s === 'producthunt' ? (rival.founded >= 2022 ? 6 : rival.founded >= 2018 ? 2 : 0) : 0;
    return [s, BASE_SITES[s] * (siteBias[s] ?? 1) + launch] as const;
  });
  const roles = [...ROLES.data, ...ROLES.ops, ...ROLES.it];
  if (/financ|fp&a|cfo|forecast/i.test(about)) roles.push(...ROLES.finance, ...ROLES.finance);
  if (/product|growth/i.test(about)) roles.push(...ROLES.product, ...ROLES.product);
  if (smb) roles.push(...ROLES.smb, ...ROLES.smb);
  if (/bank|insur|regulated/i.test(about)) roles.push(...ROLES.risk, ...ROLES.finance);
  if (/engineer/i.test(about)) roles.push(...ROLES.data);
  const tiers = rival.tiers.map((t) => t.name).filter((n) => !/maintenance|free|open source/i.test(n));
  return {
    facts: rival,
    praised: aspectChoice(leanings, 1),
    criticised: aspectChoice(leanings, -1),
    stars: new Choice(stars),
    sites: new Choice(sites.filter(([, w]) => w > 0)),
    sizes: new Choice<CompanySizeBucket>(
      smb
        ? [['small-business', 0.6], ['mid-market', 0.3], ['enterprise', 0.1]]
        : enterprise
          ? [['small-business', 0.1], ['mid-market', 0.35], ['enterprise', 0.55]]
          : [['small-business', 0.3], ['mid-market', 0.45], ['enterprise', 0.25]],
    ),
    roles,
    products: new Choice(rival.products.map((p, i) => [p, i === 0 ? 3 : 1] as const)),
    prices: priceMentions(rival),
    tiers: tiers.length ? tiers : ['paid'],
    topTier: tiers.at(-1) ?? 'top',
    others: [...all.filter((r) => r !== rival).map((r) => r.name), ...FILLERS.other],
    gartnerMarket: /governance|catalog/i.test(about)
      ? 'metadata-management-solutions'
      : /forecast|planning/i.test(about)
        ? 'financial-planning-software'
        : 'analytics-business-intelligence-platforms',
  };
}

// ---------------------------------------------------------------------------------------------
// Permalinks: each site's URL shape. Ids come from a counter per site, so they are unique and grow over time.

const BASE_IDS: Record<ReviewSiteKey, number> = {
  g2: 9_100_000, g2crowd: 1_000_000, capterra: 5_600_000, gartner: 4_800_000, peerspot: 3_900_000, producthunt: 520_000,
  softwareadvice: 5_600_000, trustpilot: 0, trustradius: 0, glassdoor: 86_000_000, indeed: 0,
};

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);

/** How a product or company name appears in sites' URLs, worked out once per name. */
type UrlNames = { slug: string; path: string; capterraId: number };
const urlNamesOf = (name: string): UrlNames => ({
  slug: slugify(name),
  path: name.replace(/[^A-Za-z0-9]+/g, '-'),
  capterraId: 100_000 + (seedOf(name) % 150_000),
});

class Permalinks {
  private readonly counters = new Map<ReviewSiteKey, number>();
  private readonly names = new Map<string, UrlNames>();
  /** TrustRadius permalinks end in the review's second; two reviews in one second take the next free one. */
  private readonly lastSecond = new Map<string, number>();

  constructor(private readonly rng: Rng) {}

  private namesOf(name: string): UrlNames {
    let names = this.names.get(name);
    if (!names) this.names.set(name, (names = urlNamesOf(name)));
    return names;
  }

  next(site: ReviewSiteKey, rival: RivalProfile, product: string, at: number): string {
    const n = (this.counters.get(site) ?? 0) + 1;
    this.counters.set(site, n);
    const id = BASE_IDS[site] + n * 4 + this.rng.int(0, 3);
    const { slug, path, capterraId } = this.namesOf(product);
    const company = this.namesOf(rival.facts.name);
    switch (site) {
      case 'g2':
      case 'g2crowd':
        return `https://www.${site}.com/products/${slug}/reviews/${slug}-review-${id}`;
      case 'capterra':
        return `https://www.capterra.com/p/${capterraId}/${path}/reviews/${id}/`;
      case 'softwareadvice':
        return `https://www.softwareadvice.com/bi/${slug}-profile/reviews/${id}/`;
      case 'gartner':
        return `https://www.gartner.com/reviews/market/${rival.gartnerMarket}/vendor/${company.slug}/product/${slug}/review/view/${id}`;
      case 'peerspot':
        return `https://www.peerspot.com/product_reviews/${slug}-review-${id}`;
      case 'producthunt':
        return `https://www.producthunt.com/products/${slug}/reviews?review=${id}`;
      case 'trustpilot':
        // A MongoDB ObjectId: the second it was written, then a counter.
        return `https://www.trustpilot.com/reviews/${hex(Math.floor(at / 1000), 8)}${hex(this.rng.nextUint32(), 8)}${hex(n, 8)}`;
      case 'trustradius': {
        const second = Math.max(Math.floor(at / 1000), (this.lastSecond.get(slug) ?? 0) + 1);
        this.lastSecond.set(slug, second);
        const stamp = new Date(second * 1000).toISOString().slice(0, 19).replace(/[T:]/g, '-');
        return `https://www.trustradius.com/reviews/${slug}-${stamp}`;
      }
      case 'glassdoor':
        return `https://www.glassdoor.com/Reviews/Employee-Review-${company.path}-RVW${id}.htm`;
      case 'indeed':
        // A multiplicative hash of the counter is a bijection on 32 bits, so ids stay unique.
        return `https://www.indeed.com/cmp/${company.path}/reviews?id=${hex(this.rng.nextUint32(), 8)}${hex(Math.imul(n, 0x9e3779b1), 8)}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One review

/** Chance that a sentence praises, by stars (half steps between). */
const PRAISE_BY_STARS = [0.03, 0.06, 0.2, 0.45, 0.75, 0.93];

type Verdict = keyof Verdicts;
const verdictOf = (rating: number): Verdict => (rating >= 4 ? 'positive' : rating <= 2 ? 'negative' : 'mixed');

type Sentence = { sides: Sides; praise: boolean };
const SENTENCE_COUNT = new Choice([[1, 0.15], [2, 0.35], [3, 0.35], [4, 0.15]] as const);

class Writer {
  private rival!: RivalProfile;
  private product = '';
  private role = '';
  /** The first aspect the review praises and the first it criticises, for titles. */
  private aspP = '';
  private aspC = '';

  constructor(private readonly rng: Rng) {}

  /** Fills a template for the current review; the first letter is lowered after a turn word ("However, the …"). */
  private fill(t: Template, lower = false): string {
    let out = '';
    for (let i = 0; i < t.parts.length; i++) out += i % 2 ? this.value(t.parts[i]) : t.parts[i];
    // Keep "I", acronyms (SSO, API) and names that came from a placeholder as written.
    return lower && t.parts[0] !== '' && !/^(I\b|[A-Z]{2})/.test(out) ? out[0].toLowerCase() + out.slice(1) : out;
  }

  private value(key: string): string {
    const { rng, rival } = this;
    switch (key) {
      case 'P': return this.product;
      case 'R': return rival.facts.name;
      case 'AI': return rival.facts.ai;
      case 'hq': return rival.facts.hq;
      case 'connectors': return String(rival.facts.connectors);
      case 'price': return rng.pick(rival.prices);
      case 'tier': return rng.pick(rival.tiers);
      case 'topTier': return rival.topTier;
      case 'other': return rng.pick(rival.others);
      case 'aRole': {
        const role = this.role.toLowerCase().replace(/\b(?:ceo|cfo|it|bi|fp&a|vp)\b/g, (m) => m.toUpperCase());
        return `${/^(?:[aeiou]|IT|FP)/i.test(role) ? 'an' : 'a'} ${role}`;
      }
      case 'users': return String(rng.pick([12, 25, 40, 60, 85, 120, 200, 350, 600]));
      case 'hours': return String(rng.int(2, 6));
      case 'days': return String(rng.int(3, 14));
      case 'weeks': return String(rng.int(2, 6));
      case 'months': return String(rng.int(3, 11));
      case 'secs': return String(rng.int(2, 5));
      case 'rows': return String(rng.pick([20, 50, 80, 150, 300, 500]));
      case 'pct': return String(rng.int(12, 45));
      case 'aspP': return this.aspP;
      case 'aspC': return this.aspC;
      case 'crm': case 'wh': case 'tool': case 'idp': case 'team': case 'device': case 'period': case 'person':
        return rng.pick(FILLERS[key]);
      default:
        throw new Error(`unknown placeholder {${key}}`);
    }
  }

  /** A review's title and text: an optional opener, sentences about aspects, and a closer with the rating's verdict. */
  write(rival: RivalProfile, product: string, role: string, rating: number, employee: boolean): { title: string; text: string } {
    const { rng } = this;
    this.rival = rival;
    this.product = product;
    this.role = role;
    const voice = employee ? VOICES.employee : VOICES.product;
    const sentences = this.aspectSentences(rival, rating, SENTENCE_COUNT.pick(rng), employee);
    const verdict = verdictOf(rating);
    let text = rng.chance(0.45) ? this.fill(rng.pick(voice.openers)) : '';
    let parts = text ? 1 : 0;
    this.aspP = this.aspC = '';
    for (let i = 0; i < sentences.length; i++) {
      const { sides, praise } = sentences[i];
      const turn = i > 0 && praise !== sentences[i - 1].praise && rng.chance(0.7);
      const sentence = (turn ? rng.pick(praise ? TURNS.toPraise : TURNS.toComplaint) : '') + this.fill(rng.pick(praise ? sides.praise : sides.complaint), turn);
      text += (parts++ ? ' ' : '') + sentence;
      if (praise && !this.aspP) this.aspP = sides.noun;
      if (!praise && !this.aspC) this.aspC = sides.noun;
    }
    if (parts < 2 || rng.chance(0.5)) text += ` ${this.fill(rng.pick(voice.closers[verdict]))}`;
    let title: Template;
    do title = rng.pick(voice.titles[verdict]);
    while ((title.keys.has('aspP') && !this.aspP) || (title.keys.has('aspC') && !this.aspC));
    return { title: this.fill(title), text };
  }

  /**
   * Sentences on `count` different aspects. Which side each takes comes from the rating (holdToRating); which
   * aspect, from the rival's leanings: praise goes to what it is strong at, complaints to what it is weak at.
   * The majority side comes first.
   */
  private aspectSentences(rival: RivalProfile, rating: number, count: number, employee: boolean): Sentence[] {
    const { rng } = this;
    const whole = Math.floor(rating);
    const chance = PRAISE_BY_STARS[whole] + (rating - whole) * (PRAISE_BY_STARS[Math.ceil(rating)] - PRAISE_BY_STARS[whole]);
    const sides: boolean[] = [];
    for (let i = 0; i < count; i++) sides.push(rng.chance(chance));
    holdToRating(sides, rating);
    const praised = sides.filter(Boolean).length;
    const praiseFirst = praised * 2 === count ? rating >= 3 : praised * 2 > count;
    sides.sort((a, b) => Number(b === praiseFirst) - Number(a === praiseFirst));
    const sentences: Sentence[] = [];
    for (const praise of sides) {
      let aspect: Sides;
      do aspect = employee ? rng.pick(EMPLOYEE_SIDES) : PRODUCT_SIDES[(praise ? rival.praised : rival.criticised).pick(rng)];
      while (sentences.some((s) => s.sides === aspect));
      sentences.push({ sides: aspect, praise });
    }
    return sentences;
  }
}

/**
 * Holds a review's sides (true = praise) to its rating: at 4.5 stars and up one complaint at most, at 1.5 and
 * below one praise at most, neither side outnumbering the other against a 4 or a 2, both sides in a 3 of two or more.
 */
function holdToRating(sides: boolean[], rating: number): void {
  const n = sides.length;
  if (rating > 2 && rating < 4) {
    if (n > 1 && sides.every((s) => s === sides[0])) sides[n - 1] = !sides[0];
    return;
  }
  const side = rating >= 4;
  const keep = rating >= 4.5 || rating <= 1.5 ? Math.min(1, n - 1) : Math.floor(n / 2);
  let against = sides.filter((s) => s !== side).length;
  for (let i = 0; i < n && against > keep; i++) {
    if (sides[i] !== side) {
      sides[i] = side;
      against--;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The stream

export type DemoReviewOptions = {
  rivals: readonly RivalFacts[];
  now: Date;
  seed?: number | string;
};

/** Sites that rate in half stars (TrustRadius out of ten); the others in whole stars. */
const HALF_STAR_SITES = new Set<ReviewSiteKey>(['g2', 'trustradius']);
const EMPLOYEE_SITES = new Set<ReviewSiteKey>(['glassdoor', 'indeed']);
/** Sites whose reviews carry no title, role or company size. */
const BARE_SITES = new Set<ReviewSiteKey>(['producthunt']);

/**
 * `total` reviews, oldest first. Publication times are the order statistics of the recency distribution, drawn
 * from the newest down without sorting (U(k) = U(k+1) · V^(1/k)), so the stream holds one review at a time.
 * With `uniqueTexts`, a text already written is written again (a Set of every text: for demo sizes only).
 */
function* reviewStream({ rivals, now, seed = 'reviews' }: DemoReviewOptions, total: number, uniqueTexts: boolean): Generator<DemoReview> {
  if (rivals.length === 0) throw new Error('demo reviews need at least one rival');
  const root = new Rng(seed);
  const profiles = rivals.map((r) => profileOf(r, rivals, root.fork(`rival:${r.name}`)));
  const pickRng = root.fork('pick');
  const timeRng = root.fork('time');
  const writer = new Writer(root.fork('text'));
  const permalinks = new Permalinks(root.fork('ids'));
  // Bigger rivals get more reviews, less than in proportion to their customers.
  const rivalChoice = new Choice(profiles.map((p) => [p, Math.sqrt(p.facts.customers)] as const));
  const seen = uniqueTexts ? new Set<string>() : null;
  const span = DEMO_REVIEW_DAYS * DAY;

  // u walks down the sorted uniforms from the largest; 1 − u, the share of reviews before this one, goes up.
  let u = 1;
  for (let k = total; k >= 1; k--) {
    u *= Math.pow(1 - timeRng.next(), 1 / k);
    const at = now.getTime() - Math.max(1, Math.floor((1 - timeShare(1 - u)) * span));
    const rival = rivalChoice.pick(pickRng);
    const site = rival.sites.pick(pickRng);
    const employee = EMPLOYEE_SITES.has(site);
    const product = employee ? rival.facts.name : rival.products.pick(pickRng);
    let rating = (employee ? EMPLOYEE_STARS : rival.stars).pick(pickRng);
    if (HALF_STAR_SITES.has(site) && rating > 1 && pickRng.chance(0.3)) rating -= 0.5;
    const role = employee
      ? site === 'glassdoor'
        ? `${pickRng.chance(0.6) ? 'Current' : 'Former'} Employee - ${pickRng.pick(EMPLOYEE_JOBS)}`
        : `${pickRng.pick(EMPLOYEE_JOBS)} (${pickRng.chance(0.6) ? 'Current' : 'Former'} Employee) - ${rival.facts.hq}`
      : pickRng.pick(rival.roles);
    let written = writer.write(rival, product, role, rating, employee);
    while (seen?.has(written.text)) written = writer.write(rival, product, role, rating, employee);
    seen?.add(written.text);
    const bare = BARE_SITES.has(site);
    const review: DemoReview = {
      rival: rival.facts.name,
      source: site,
      permalink: permalinks.next(site, rival, product, at),
      rating,
      publishedAt: new Date(at).toISOString(),
      text: written.text,
    };
    if (!bare) review.title = written.title;
    if (!bare && pickRng.chance(0.92)) review.reviewerRole = role;
    if (!bare && !employee && pickRng.chance(0.85)) review.companySize = rival.sizes.pick(pickRng);
    yield review;
  }
}

/**
 * Where in the two years (0 oldest, 1 now) the review with `share` of the reviews before it falls, for a volume
 * that grows linearly: the inverse of F(t) = (t + g·t²/2) / (1 + g/2).
 */
function timeShare(share: number): number {
  const g = VOLUME_GROWTH;
  return (Math.sqrt(1 + 2 * g * share * (1 + g / 2)) - 1) / g;
}

/** Employee reviews spread wider than product reviews. */
const EMPLOYEE_STARS = new Choice([[1, 0.12], [2, 0.1], [3, 0.18], [4, 0.3], [5, 0.3]] as const);

/** The demo's reviews (3,000 by default): deterministic for a seed and `now`, every text different. */
export function demoReviews(options: DemoReviewOptions & { count?: number }): DemoReview[] {
  return [...reviewStream(options, options.count ?? DEMO_REVIEW_COUNT, true)];
}

/**
 * Benchmark volumes: scale × 10,000 reviews from the same generator, in batches, so millions of reviews never
 * sit in memory at once. Texts are not checked for repeats here (that would hold every text).
 */
export function* scaleReviews(options: DemoReviewOptions & { scale: number; batchSize?: number }): Generator<DemoReview[]> {
  const size = options.batchSize ?? 5_000;
  let batch: DemoReview[] = [];
  for (const review of reviewStream(options, options.scale * REVIEWS_PER_SCALE, false)) {
    batch.push(review);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

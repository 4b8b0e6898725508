// Demo reviews: deterministic, spread over every rival and several review sites, J-shaped ratings whose words
// agree with them, each rival's strengths and weaknesses showing in its texts, and every review importable.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveReviewSite, reviewInputSchema } from '../../contracts/reviews.ts';
import { RIVALS } from './content.ts';
import { DAY } from './random.ts';
import { DEMO_REVIEW_DAYS, REVIEWS_PER_SCALE, demoReviews, reviewLeanings, scaleReviews, type DemoReview } from './reviews.ts';

const now = new Date('2026-03-15T12:00:00Z');
let reviews: DemoReview[];
beforeAll(() => {
  reviews = demoReviews({ rivals: RIVALS, now, seed: 42 });
});

const POSITIVE =
  /\b(great|good|excellent|love[sd]?|easy|easily|intuitive|fast|quick|helpful|reliable|recommend(ed)?|powerful|smooth|fair|clean|friendly|generous|supportive|impressive|useful|polished|strong|solid|best|happy|happily|dependable|snappy|flexible|value|accurate|thorough|modern|refreshing|nice|competitive|transparent|improvement|stable|well|worth|essential|confidence|respected|professional|fresh|ease|smart|win)\b/gi;
const NEGATIVE =
  /\b(slow|expensive|overpriced|frustrat\w*|poor|painful(ly)?|clunky|confusing|dated|weak|limited|awkward|buggy|outages?|crash(es)?|disappoint\w*|wrong|gimmicky|missing|hassle|worse|worst|complicated|thin|outdated|intimidating|cramped|uncertain|steep|headache|arbitrary|burnout|relentless|political|spiked|fail\w*|broken|terrible|useless|problems?|waste|annoying|costly|struggle|difficult|hard|ridiculous|mess|sad(ly)?|bad|regret|unhappy|stressful|unreliable)\b/gi;
const count = (text: string, words: RegExp) => text.match(words)?.length ?? 0;
const tone = (text: string) => count(text, POSITIVE) - count(text, NEGATIVE);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z])/);
const byRival = (name: string) => reviews.filter((r) => r.rival === name);

describe('demoReviews', () => {
  it('is deterministic for a seed and differs for another', () => {
    expect(demoReviews({ rivals: RIVALS, now, seed: 42 })).toEqual(reviews);
    const other = demoReviews({ rivals: RIVALS, now, seed: 43, count: 50 });
    expect(other.map((r) => r.text)).not.toEqual(reviews.slice(0, 50).map((r) => r.text));
  });

  it('makes 3,000 reviews by default, or the count asked for', () => {
    expect(reviews).toHaveLength(3000);
    expect(demoReviews({ rivals: RIVALS, now, seed: 1, count: 120 })).toHaveLength(120);
  });

  it('passes the review input schema unchanged', () => {
    const schema = reviewInputSchema(now);
    for (const { rival: _rival, ...review } of reviews) expect(schema.parse(review)).toEqual(review);
  });

  it('covers every rival, bigger rivals with more reviews', () => {
    const counts = new Map(RIVALS.map((r) => [r.name, byRival(r.name).length]));
    for (const [name, n] of counts) expect(n, name).toBeGreaterThan(10);
    const biggest = RIVALS.reduce((a, b) => (a.customers > b.customers ? a : b));
    const smallest = RIVALS.reduce((a, b) => (a.customers < b.customers ? a : b));
    expect(counts.get(biggest.name)!).toBeGreaterThan(3 * counts.get(smallest.name)!);
  });

  it('spreads over several sites, G2 and Capterra most, a few employee reviews', () => {
    const bySite = new Map<string, number>();
    for (const r of reviews) bySite.set(r.source, (bySite.get(r.source) ?? 0) + 1);
    const ranked = [...bySite].sort((a, b) => b[1] - a[1]).map(([s]) => s);
    expect(ranked.slice(0, 2)).toEqual(['g2', 'capterra']);
    for (const site of ['trustradius', 'gartner', 'peerspot', 'softwareadvice', 'trustpilot', 'glassdoor']) expect(ranked).toContain(site);
    const employee = reviews.filter((r) => resolveReviewSite(r.source)?.type === 'employee').length;
    expect(employee / reviews.length).toBeGreaterThan(0.01);
    expect(employee / reviews.length).toBeLessThan(0.08);
  });

  it('gives each review a permalink in its site’s URL shape, every one different', () => {
    expect(new Set(reviews.map((r) => r.permalink)).size).toBe(reviews.length);
    for (const r of reviews) expect(resolveReviewSite(r.permalink)?.key, r.permalink).toBe(r.source);
    const shapes: Record<string, RegExp> = {
      g2: /^https:\/\/www\.g2\.com\/products\/[a-z0-9-]+\/reviews\/[a-z0-9-]+-review-\d+$/,
      capterra: /^https:\/\/www\.capterra\.com\/p\/\d+\/[A-Za-z0-9-]+\/reviews\/\d+\/$/,
      trustradius: /^https:\/\/www\.trustradius\.com\/reviews\/[a-z0-9-]+-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}$/,
      trustpilot: /^https:\/\/www\.trustpilot\.com\/reviews\/[0-9a-f]{24}$/,
      glassdoor: /^https:\/\/www\.glassdoor\.com\/Reviews\/Employee-Review-[A-Za-z0-9-]+-RVW\d+\.htm$/,
    };
    for (const r of reviews) if (shapes[r.source]) expect(r.permalink).toMatch(shapes[r.source]);
  });

  it('dates every review within the two years before now, oldest first, more of them lately', () => {
    const times = reviews.map((r) => Date.parse(r.publishedAt));
    for (const t of times) {
      expect(t).toBeLessThan(now.getTime());
      expect(t).toBeGreaterThanOrEqual(now.getTime() - DEMO_REVIEW_DAYS * DAY);
    }
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const lastYear = times.filter((t) => t > now.getTime() - 365 * DAY).length;
    expect(lastYear / (reviews.length - lastYear)).toBeGreaterThan(1.4);
  });

  it('has a J-shaped rating distribution that differs between rivals', () => {
    const share = (lo: number, hi: number) => reviews.filter((r) => r.rating >= lo && r.rating <= hi).length / reviews.length;
    const [one, two, three, four, five] = [share(1, 1.5), share(2, 2.5), share(3, 3.5), share(4, 4), share(4.5, 5)];
    expect(four + five).toBeGreaterThan(0.6);
    expect(five).toBeGreaterThan(four);
    expect(four).toBeGreaterThan(three);
    expect(one).toBeGreaterThan(two);
    expect(one + two).toBeGreaterThan(0.08);
    expect(reviews.every((r) => Number.isInteger(r.rating * 2) && r.rating >= 1 && r.rating <= 5)).toBe(true);
    const means = RIVALS.map((r) => mean(byRival(r.name).map((x) => x.rating)));
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(0.3);
  });

  it('writes 2 to 6 sentences whose tone agrees with the rating', () => {
    for (const r of reviews) expect(sentencesOf(r.text).length, r.text).toBeGreaterThanOrEqual(2);
    for (const r of reviews) expect(sentencesOf(r.text).length, r.text).toBeLessThanOrEqual(6);
    const toneOf = (lo: number, hi: number) => reviews.filter((r) => r.rating >= lo && r.rating <= hi).map((r) => tone(r.text));
    const [low, mid, high] = [toneOf(1, 1.5), toneOf(3, 3), toneOf(4.5, 5)];
    expect(mean(high)).toBeGreaterThan(1.5);
    expect(mean(low)).toBeLessThan(-1.5);
    expect(mean(mid)).toBeGreaterThan(mean(low) + 1);
    expect(mean(mid)).toBeLessThan(mean(high) - 1);
    expect(high.filter((t) => t > 0).length / high.length).toBeGreaterThan(0.9);
    expect(low.filter((t) => t < 0).length / low.length).toBeGreaterThan(0.9);
  });

  it('varies its texts: no text twice, many different sentences, none in more than a few percent of reviews', () => {
    expect(new Set(reviews.map((r) => r.text)).size).toBe(reviews.length);
    const uses = new Map<string, number>();
    for (const r of reviews) for (const s of new Set(sentencesOf(r.text))) uses.set(s, (uses.get(s) ?? 0) + 1);
    expect(uses.size).toBeGreaterThan(1500);
    expect(Math.max(...uses.values()) / reviews.length).toBeLessThan(0.04);
    expect(reviews.some((r) => /\$\d/.test(r.text))).toBe(true);
    expect(reviews.some((r) => /Salesforce|Snowflake|The iOS app/.test(r.text))).toBe(true);
  });

  it('shows each rival’s strengths and weaknesses: its leanings tilt the tone of sentences on that aspect', () => {
    const byName = new Map(RIVALS.map((r) => [r.name, r]));
    expect(reviewLeanings(byName.get('Insightloom')!).pricing).toBeGreaterThan(0);
    expect(reviewLeanings(byName.get('Chartwell Systems')!).pricing).toBeLessThan(0);
    expect(reviewLeanings(byName.get('Oriel Data')!).dataGovernance).toBeGreaterThan(0);
    expect(reviewLeanings(byName.get('Lumenary')!).dataGovernance).toBeLessThan(0);
    /** Of a rival's sentences on a subject (its product names aside: "Oriel Lineage"), the share whose words lean positive. */
    const praiseShare = (name: string, subject: RegExp) => {
      const products = new RegExp(byName.get(name)!.products.join('|'), 'g');
      const sentences = byRival(name).flatMap((r) => sentencesOf(r.text.replace(products, 'it')));
      const tones = sentences.filter((s) => subject.test(s)).map(tone).filter((t) => t !== 0);
      return tones.filter((t) => t > 0).length / tones.length;
    };
    const pricing = /pric|\bcost|\$\d|expensive|overpriced|value/i;
    expect(praiseShare('Insightloom', pricing)).toBeGreaterThan(praiseShare('Chartwell Systems', pricing) + 0.25);
    const governance = /governance|lineage|catalog|certif/i;
    expect(praiseShare('Oriel Data', governance)).toBeGreaterThan(praiseShare('Lumenary', governance) + 0.25);
    const security = /\bSSO\b|security|permissions|SOC 2|SCIM/i;
    expect(reviewLeanings(byName.get('DataHarbor')!).security).toBeGreaterThan(0);
    expect(reviewLeanings(byName.get('Insightloom')!).security).toBeLessThan(0);
    expect(praiseShare('DataHarbor', security)).toBeGreaterThan(praiseShare('Insightloom', security) + 0.25);
  });

  it('gives most product reviews a title, a role and a company size bucket', () => {
    const product = reviews.filter((r) => resolveReviewSite(r.source)?.type === 'product' && r.source !== 'producthunt');
    expect(product.every((r) => r.title)).toBe(true);
    expect(product.filter((r) => r.reviewerRole).length / product.length).toBeGreaterThan(0.85);
    expect(new Set(product.map((r) => r.companySize))).toEqual(new Set(['small-business', 'mid-market', 'enterprise', undefined]));
  });
});

describe('scaleReviews', () => {
  it('yields scale × 10,000 reviews in batches, deterministic, oldest first across batches', () => {
    const run = () => [...scaleReviews({ rivals: RIVALS, now, seed: 7, scale: 1, batchSize: 3_000 })];
    const batches = run();
    expect(batches.map((b) => b.length)).toEqual([3_000, 3_000, 3_000, 1_000]);
    const all = batches.flat();
    expect(all).toHaveLength(REVIEWS_PER_SCALE);
    expect(run()).toEqual(batches);
    const times = all.map((r) => Date.parse(r.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(all.map((r) => r.permalink)).size).toBe(all.length);
  });
});

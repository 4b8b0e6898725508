import { describe, expect, it } from 'vitest';
import { analyzeReview } from './analyze.ts';
import { groupAspects } from './aspects.ts';
import { aspectSentences, extractiveSummary, rankInsights, wilsonLowerBound, type AspectSentence } from './insights.ts';

const SUPPORT_PRAISE = [
  'Customer support is fantastic and always answers within the hour.',
  'The support team is helpful and friendly whenever we open a ticket.',
  'Support is excellent, they solved our import problem the same day.',
  'Customer support is responsive and knowledgeable about our setup.',
];
const PRICING_COMPLAINTS = [
  'Pricing is too expensive for a team of our size.',
  'The pricing is confusing and the renewal was a nasty surprise.',
  'Pricing is far too high compared to other tools we looked at.',
];
const REPORTING = ['The reporting module is powerful and flexible.', 'Reporting is clunky and slow to load.'];

/** Twenty reviews: support praised, pricing criticised, reporting half and half; the mobile app praised by four. */
const REVIEWS = Array.from({ length: 20 }, (_, i) => ({
  reviewId: `r${String(i).padStart(2, '0')}`,
  text: [
    SUPPORT_PRAISE[i % SUPPORT_PRAISE.length],
    i < 18 ? PRICING_COMPLAINTS[i % PRICING_COMPLAINTS.length] : 'Pricing is fair for what you get.',
    REPORTING[i % 2],
    i < 4 ? 'The mobile app is great for checking deals on the road.' : '',
  ].join(' '),
}));

function insightsOf(reviews: { reviewId: string; text: string }[]) {
  const analysed = reviews.map((r) => ({ reviewId: r.reviewId, analysis: analyzeReview({ text: r.text }) }));
  const groups = groupAspects(analysed.flatMap(({ reviewId, analysis }) => analysis.mentions.map((m) => ({ ...m, reviewId }))));
  return { groups, sentences: aspectSentences(groups, analysed), ...rankInsights(groups, aspectSentences(groups, analysed)) };
}

describe('rankInsights', () => {
  const { groups, strengths, weaknesses } = insightsOf(REVIEWS);

  it('makes a strongly praised aspect a strength, a strongly criticised one a weakness, a mixed one neither', () => {
    expect(strengths[0].aspects[0].id).toBe('support');
    expect(weaknesses[0].aspects[0].id).toBe('price');
    expect(groups.find((g) => g.id === 'report')).toMatchObject({ positive: 10, negative: 10 });
    expect([...strengths, ...weaknesses].map((i) => i.aspects[0].id)).not.toContain('report');
  });

  it('needs enough reviews: four praising reviews are no strength', () => {
    expect(groups.find((g) => g.id === 'application')).toMatchObject({ positive: 4, negative: 0 });
    expect(strengths.map((s) => s.id)).not.toContain('strengths:application');
  });

  it('describes the insight with its figures and supporting reviews', () => {
    const [pricing] = weaknesses;
    expect(pricing).toMatchObject({
      id: 'weaknesses:price',
      type: 'weaknesses',
      title: 'Pricing',
      reviewCount: 18,
      share: 18 / 20,
      opinions: 20,
    });
    // Against the negative share of all the aspects' polar mentions.
    const polar = groups.reduce((sum, g) => sum + g.positive + g.negative, 0);
    expect(pricing.usualShare).toBeCloseTo(groups.reduce((sum, g) => sum + g.negative, 0) / polar);
    expect(pricing.confidence).toBeCloseTo(wilsonLowerBound(18, 20));
    expect([...pricing.reviewIds].sort()).toEqual(REVIEWS.slice(0, 18).map((r) => r.reviewId));
  });

  it('quotes sentences of the insight polarity, attributed to their review', () => {
    for (const insight of [...strengths, ...weaknesses]) {
      expect(insight.quotes.length).toBeGreaterThan(0);
      for (const quote of insight.quotes) {
        const review = REVIEWS.find((r) => r.reviewId === quote.reviewId)!;
        expect(analyzeReview({ text: review.text }).sentences[quote.sentence].text).toBe(quote.text);
        expect(Math.sign(quote.sentiment)).toBe(insight.type === 'strengths' ? 1 : -1);
      }
      expect(new Set(insight.quotes.map((q) => q.reviewId)).size).toBe(insight.quotes.length);
    }
  });

  it('ranks by volume times confidence', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      reviewId: `m${i}`, text: i < 12 ? 'The mobile app is great.' : 'Customer support is fantastic.',
    }));
    const { groups, sentences } = insightsOf(many);
    expect(rankInsights(groups, sentences, { baseline: 0.5 }).strengths.map((s) => s.aspects[0].id)).toEqual(['support', 'application']);
  });

  it("makes strengths and weaknesses of what stands out from the rival's usual praise", () => {
    // Forty reviews of a well-liked rival: support always praised, reporting praised as often as the rival's aspects
    // are on the whole (70%), pricing mostly criticised.
    const liked = Array.from({ length: 40 }, (_, i) => ({
      reviewId: `l${String(i).padStart(2, '0')}`,
      text: [
        SUPPORT_PRAISE[i % SUPPORT_PRAISE.length],
        REPORTING[i % 10 < 7 ? 0 : 1],
        i % 4 === 0 ? 'Pricing is fair for what you get.' : PRICING_COMPLAINTS[i % PRICING_COMPLAINTS.length],
      ].join(' '),
    }));
    const { groups: likedGroups, strengths: praised, weaknesses: criticised } = insightsOf(liked);
    expect(likedGroups.find((g) => g.id === 'report')).toMatchObject({ positive: 28, negative: 12 });
    expect(praised.map((s) => s.aspects[0].id)).toEqual(['support']);
    expect(criticised[0].aspects[0].id).toBe('price');
    expect(criticised.map((s) => s.aspects[0].id)).not.toContain('report');
    // The same reporting is a strength of a rival whose other aspects are praised less.
    const { sentences: likedSentences } = insightsOf(liked);
    expect(rankInsights(likedGroups, likedSentences, { baseline: 0.3 }).strengths.map((s) => s.aspects[0].id)).toContain('report');
  });

  it('is deterministic, whatever the order of sentences', () => {
    const { groups: again, sentences } = insightsOf(REVIEWS);
    const reversed = new Map([...sentences].map(([id, list]) => [id, [...list].reverse()]));
    expect(rankInsights(again, reversed)).toEqual({ strengths, weaknesses });
  });
});

describe('wilsonLowerBound', () => {
  it('is 0 without trials and grows with volume at the same share', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(10, 10)).toBeCloseTo(0.7225, 4);
    expect(wilsonLowerBound(8, 10)).toBeLessThan(wilsonLowerBound(80, 100));
    expect(wilsonLowerBound(80, 100)).toBeLessThan(0.8);
  });
});

describe('extractiveSummary', () => {
  const s = (reviewId: string, text: string, sentiment: number): AspectSentence => ({ reviewId, sentence: 0, text, sentiment });
  const sentences = [
    s('a', 'Support answers fast and fixes our sync problems the same day.', 0.5),
    s('b', 'Support answers fast and usually fixes sync problems within a day.', 0.4),
    s('c', 'Support answers fast and fixes our sync problems the same day.', 0.6),
    s('c', 'Support answers really fast, even for sync problems on weekends.', 0.5),
    s('d', 'I like the colour of the support widget in dark mode.', 0.3),
    s('e', 'Great support!', 0.9),
    s('f', 'Support is slow and never fixes sync problems.', -0.5),
  ];

  it('picks central sentences of the polarity, once per review, without near-duplicates or fragments', () => {
    const quotes = extractiveSummary(sentences, 'positive', 3);
    expect(quotes.map((q) => q.reviewId)).toEqual(['c', 'b', 'd']);
    expect(quotes.map((q) => q.text)).not.toContain('Great support!');
  });

  it('quotes the other polarity from its own sentences', () => {
    expect(extractiveSummary(sentences, 'negative', 3)).toEqual([sentences[6]]);
  });
});

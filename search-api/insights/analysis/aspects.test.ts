import { describe, expect, it } from 'vitest';
import { analyzeReview } from './analyze.ts';
import { groupAspects, type AspectGroup, type MentionInput } from './aspects.ts';

// Short reviews of a rival called Acme, as a review site shows them.
const REVIEWS = [
  'Pricing is too expensive for small teams.',
  'The pricing is fair for what you get.',
  'Pricing went up again and it is too expensive now.',
  'The prices are outrageous for a CRM.',
  'Great price for the features. Customer support is fantastic.',
  'Acme is too expensive and the pricing is confusing.',
  'Customer support is fantastic and always quick to help.',
  'Customer support never answered my tickets, which is frustrating.',
  'The support team is very helpful and friendly.',
  'Support is slow and unhelpful.',
  'Customer support is responsive. Great support overall!',
  'Their support team goes above and beyond, customer support is excellent.',
  'The ease of use is great, everyone picked it up quickly.',
  'Easy to use and intuitive.',
  'Super easy to use, even for new reps.',
  'The ease of use is the best thing about Acme.',
  'It is not easy to use once you go beyond the basics.',
  'Very easy to use, my team loves it.',
  'The reporting module is powerful.',
  'Reporting is clunky and slow.',
  'The reports are beautiful and easy to share.',
  'Reporting is great, the dashboards are great too.',
  'I love the reporting, it saves us a lot of time.',
  'Integrations with Salesforce work well.',
  'The HubSpot integration is buggy and breaks often.',
  'Great integrations with our other tools.',
  'The integrations are reliable and fast.',
  'The Slack integration is excellent.',
  'The mobile app crashes constantly.',
  'I love the mobile app, it is great for travel.',
  'The mobile app is great.',
  'The mobile app is slow and outdated.',
  'Acme has a mobile app that is fantastic.',
  'The documentation is outdated.',
  'Documentation could be better.',
  'It is the best thing we bought this year.',
  'We use it a lot, 5 days a week, 3 teams.',
  'Acme is great. I love Acme.',
  'Solid product overall, we love it.',
  'Nothing else to say, it works.',
  // What reviewers say of the purchase as a whole, often enough to be an aspect if it were one.
  'Overall, a great choice for us.',
  'A great choice for a small team, definitely worth the investment.',
  'Definitely worth the investment.',
  'Not worth the money.',
  'Honestly, not worth the money.',
  'Huge time saver for our team.',
  'A huge time saver, the best BI tool we have used.',
  'The best BI tool we have used.',
  'Getting started is easy.',
  'Getting started was quick.',
  'Getting started took a day.',
];

function rivalMentions(reviews: readonly string[]): MentionInput[] {
  return reviews.flatMap((text, i) => analyzeReview({ text }, { rivalNames: ['Acme'] }).mentions.map((m) => ({ ...m, reviewId: `r${i}` })));
}

const groupWith = (groups: AspectGroup[], key: string) => groups.find((g) => g.keys.includes(key));

describe('groupAspects on reviews', () => {
  const groups = groupAspects(rivalMentions(REVIEWS));

  it.each([
    ['Pricing', ['price']],
    ['Customer support', ['customer support', 'support team', 'support']],
    ['Ease of use', ['ease use']],
    ['Reporting', ['report', 'report module']],
    ['Integrations', ['integration', 'hubspot integration', 'slack integration']],
    ['Mobile app', ['mobile application']],
  ])('finds %s, merged', (title, keys) => {
    const group = groupWith(groups, keys[0]);
    expect(group?.title).toBe(title);
    expect(group?.keys).toEqual(expect.arrayContaining(keys));
  });

  it('counts distinct reviews and polar mentions', () => {
    const pricing = groupWith(groups, 'price')!;
    expect(pricing.reviewCount).toBe(6);
    expect(pricing.negative).toBeGreaterThan(pricing.positive);
    expect(pricing.positive + pricing.negative + pricing.neutral).toBe(pricing.mentionCount);
    expect(pricing.meanSentiment).toBeLessThan(0);
  });

  it('makes no aspect of junk, the rival, verdicts on the purchase, or a phrase fewer than three reviews use', () => {
    const names = groups.flatMap((g) => [g.id, ...g.keys]);
    for (const junk of ['thing', 'lot', 'it', 'we', 'product', 'day', 'team']) expect(names).not.toContain(junk);
    for (const name of names) expect(name).not.toMatch(/acme|thing|\blot\b|\d|choice|investment|money|saver|tool|get/);
    expect(groupWith(groups, 'documentation')).toBeUndefined();
    expect(groups.map((g) => g.title).sort()).toEqual(['Customer support', 'Ease of use', 'Integrations', 'Mobile app', 'Pricing', 'Reporting']);
  });

  it('caps the number of aspects, keeping the most judged', () => {
    const top = groupAspects(rivalMentions(REVIEWS), { maxAspects: 2 });
    expect(top).toEqual(groups.slice(0, 2));
    expect(top[0].evaluatedReviewCount).toBeGreaterThanOrEqual(top[1].evaluatedReviewCount);
  });

  it('is deterministic whatever the order of mentions', () => {
    const mentions = rivalMentions(REVIEWS);
    expect(groupAspects([...mentions].reverse())).toEqual(groups);
  });
});

describe('groupAspects rules', () => {
  const mention = (key: string, surface: string, reviewId: string, sentiment = 0.5, extra: Partial<MentionInput> = {}): MentionInput =>
    ({ key, surface, reviewId, sentiment, ...extra });
  let reviewIds = 0;
  const reviews = (n: number, key: string, surface: string, sentiment = 0.5, extra: Partial<MentionInput> = {}) =>
    Array.from({ length: n }, () => mention(key, surface, `r${(reviewIds += 1)}`, sentiment, extra));

  it('joins a compound to a modifier that is a bigger aspect on its own than its head', () => {
    const groups = groupAspects([...reviews(5, 'support', 'support'), ...reviews(3, 'support team', 'support team'), ...reviews(1, 'team', 'team')]);
    expect(groups.map((g) => [g.id, g.keys])).toEqual([['support', ['support', 'support team']]]);
  });

  it('does not merge compounds on a generic head: a team is the one its modifiers name', () => {
    const groups = groupAspects([...reviews(3, 'sale team', 'sales team'), ...reviews(3, 'customer success team', 'customer success team')]);
    expect(groups.map((g) => [g.id, g.title])).toEqual([['customer success', 'Customer success team'], ['sale', 'Sales team']]);
  });

  it('counts a sentence once for a group, however many of its keys it names, by its clearer judgement', () => {
    const one = { reviewId: 'x', sentence: 0 };
    const groups = groupAspects([
      mention('support', 'support', 'x', 0.1, one), mention('support team', 'support team', 'x', -0.6, one), ...reviews(2, 'support', 'support', 0.5),
    ]);
    expect(groups[0]).toMatchObject({ id: 'support', reviewCount: 3, mentionCount: 3, positive: 2, negative: 1 });
  });

  it('titles with the commonest noun surface in its commonest spelling, capitalised', () => {
    const groups = groupAspects([
      ...reviews(4, 'ease use', 'easy to use', 0.5, { form: 'adjective' }),
      ...reviews(2, 'ease use', 'ease of use'),
      ...reviews(1, 'ease use', 'Ease Of Use'),
      ...reviews(3, 'ui', 'UI'),
      ...reviews(3, 'ipad application', 'iPad app'),
    ]);
    expect(groups.map((g) => g.title)).toEqual(['Ease of use', 'iPad app', 'UI']);
  });

  it('counts a mention its clause does not judge as neutral, and needs judged reviews', () => {
    const groups = groupAspects([...reviews(3, 'rep', 'reps', -0.5, { evaluated: false }), ...reviews(3, 'app', 'app', -0.5)]);
    expect(groups.map((g) => g.id)).toEqual(['app']);
    const withReps = groupAspects([...reviews(3, 'rep', 'reps', -0.5, { evaluated: false }), ...reviews(3, 'rep', 'reps', 0.5)]);
    expect(withReps[0]).toMatchObject({ reviewCount: 6, evaluatedReviewCount: 3, positive: 3, negative: 0, neutral: 3, meanSentiment: 0.5 });
  });

  it('raises the minimum with the number of reviews', () => {
    const mentions = [...reviews(4, 'price', 'pricing'), ...reviews(1000, 'support', 'support')];
    expect(groupAspects(mentions, { minReviewShare: 0 }).map((g) => g.id)).toEqual(['support', 'price']);
    expect(groupAspects(mentions, { minReviewShare: 0.005 }).map((g) => g.id)).toEqual(['support']);
  });
});

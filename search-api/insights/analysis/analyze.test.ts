import { describe, expect, it } from 'vitest';
import { analyzeReview, polarityOf, type AspectMention } from './analyze.ts';

const sentimentOf = (text: string) => analyzeReview({ text }).sentences[0].sentiment;
const mentionsOf = (text: string, rivalNames?: string[]) => analyzeReview({ text }, { rivalNames }).mentions;
const keysOf = (text: string, rivalNames?: string[]) => mentionsOf(text, rivalNames).map((m) => m.key);

describe('sentence sentiment', () => {
  // Praise and complaints as software reviews put them, negation and excess included.
  const PRAISE = [
    'The interface is intuitive and the team picked it up in a day.',
    'Customer support is fantastic and always responds within an hour.',
    'I never had an issue with the mobile app.',
    'Reporting is powerful and flexible.',
    'The Salesforce integration works flawlessly.',
    'Onboarding was smooth thanks to a dedicated CSM.',
    'Pricing is fair for what you get.',
    'Super easy to use, even for non-technical reps.',
    'We have not had any problems with performance.',
    'Setup was quick and painless.',
    'Zero downtime in two years.',
    'Not too bad for the price.',
    'Nothing to complain about.',
    'Their support team is very helpful.',
    'The setup was painful, but support was great.',
    'Love the reports',
    'Definitely worth the investment.',
  ];
  const COMPLAINTS = [
    'It is not easy to set up.',
    'Pricing is too expensive for small teams.',
    'Customer service never answered my tickets.',
    'The mobile app crashes constantly.',
    'Reporting is clunky and slow.',
    'The integrations are buggy and often break.',
    'Support is not helpful at all.',
    'Support is slow to respond.',
    'Hard to set up and the learning curve is steep.',
    'Not worth the money.',
    'Dashboards load very slowly.',
    'Renewal costs are overpriced compared to competitors.',
    'Too many clicks to do simple things.',
    'The search does not work well.',
    'Good, but pricing could be better.',
    'Support used to be great, but now it is slow.',
    'The interface is not intuitive.',
    'Nobody trusts the numbers in the dashboards.',
    'The AI features feel gimmicky, and we turned them off.',
  ];
  // Known misses: idioms and facts with no opinion word in the lexicon. They come out neutral, never reversed.
  const NEUTRAL_MISSES = ['The support team goes above and beyond.', 'The prices went up again without notice.'];

  it.each(PRAISE)('reads praise as positive: %s', (text) => expect(polarityOf(sentimentOf(text))).toBe('positive'));
  it.each(COMPLAINTS)('reads a complaint as negative: %s', (text) => expect(polarityOf(sentimentOf(text))).toBe('negative'));
  it.each(NEUTRAL_MISSES)('leaves a known miss neutral: %s', (text) => expect(polarityOf(sentimentOf(text))).toBe('neutral'));

  it('weighs what comes after "but" over what comes before it', () => {
    expect(sentimentOf('The reports are great, but exports are slow.')).toBeLessThan(0);
    expect(sentimentOf('Exports are slow, but the reports are great.')).toBeGreaterThan(0);
  });

  it('does not count the word that names the aspect as an opinion of it', () => {
    // "support" is positive in the general lexicon; here only "slow" judges.
    expect(sentimentOf('Support is slow.')).toBeLessThan(0);
  });

  it('keeps sentiment in [-1, 1] and the review sentiment to the mean of its polar sentences', () => {
    const analysis = analyzeReview({ text: 'Great, great, great! The reports are fine. We use it daily.' });
    for (const s of analysis.sentences) expect(Math.abs(s.sentiment)).toBeLessThanOrEqual(1);
    const polar = analysis.sentences.filter((s) => polarityOf(s.sentiment) !== 'neutral');
    expect(polar).toHaveLength(2);
    expect(analysis.sentiment).toBeCloseTo((polar[0].sentiment + polar[1].sentiment) / 2);
  });
});

describe('sentences', () => {
  it('gives each sentence offsets into its field', () => {
    const review = { title: 'Great tool, weak support', text: 'Setup took a day. The reports are great!\n\nSupport is slow.' };
    const { sentences } = analyzeReview(review);
    expect(sentences.map((s) => [s.field, s.text])).toEqual([
      ['title', 'Great tool, weak support'],
      ['text', 'Setup took a day.'],
      ['text', 'The reports are great!'],
      ['text', 'Support is slow.'],
    ]);
    for (const s of sentences) expect((s.field === 'title' ? review.title : review.text).slice(s.start, s.end)).toBe(s.text);
    // wink does not end a sentence at every blank line; the title still ends where the text starts.
    const indented = analyzeReview({ title: ' 10x ', text: '\t ROI in a month' }).sentences;
    expect(indented.map((s) => [s.field, s.text, s.start])).toEqual([['title', '10x', 1], ['text', 'ROI in a month', 2]]);
  });

  it('ends a sentence at an abbreviation followed by a capital, but not at a title before a name', () => {
    const { sentences } = analyzeReview({ text: 'Our reps logged in. Onboarding was smooth. Ask Dr. Smith, etc. It works.' });
    expect(sentences.map((s) => s.text)).toEqual(['Our reps logged in.', 'Onboarding was smooth.', 'Ask Dr. Smith, etc.', 'It works.']);
  });

  it('handles empty and blank texts', () => {
    expect(analyzeReview({ text: '' })).toEqual({ sentences: [], mentions: [], sentiment: 0 });
    expect(analyzeReview({ text: '  \n ', title: ' ' })).toEqual({ sentences: [], mentions: [], sentiment: 0 });
  });
});

describe('aspect mentions', () => {
  const find = (mentions: AspectMention[], key: string) => mentions.find((m) => m.key === key);

  it.each([
    ['The ease of use is great.', 'ease use', 'ease of use', 'noun'],
    ['Customer support is fantastic.', 'customer support', 'Customer support', 'noun'],
    ['I love the mobile app.', 'mobile application', 'mobile app', 'noun'],
    ['Pricing is fair.', 'price', 'Pricing', 'noun'],
    ['The prices are fair.', 'price', 'prices', 'noun'],
    ['The reporting module is powerful.', 'report module', 'reporting module', 'noun'],
    ['Onboarding was smooth.', 'onboard', 'Onboarding', 'noun'],
    ['Integrations with Salesforce work well.', 'integration', 'Integrations', 'noun'],
    ['The quality of the support is great.', 'quality support', 'quality of the support', 'noun'],
    ['The set-up was painless.', 'setup', 'set-up', 'noun'],
    ['Super easy to use!', 'ease use', 'easy to use', 'adjective'],
    ['It is hard to set up.', 'ease setup', 'hard to set up', 'adjective'],
    ['An easy-to-use interface.', 'ease use', 'easy-to-use', 'adjective'],
  ])('finds the aspect of "%s"', (text, key, surface, form) => {
    expect(find(mentionsOf(text), key)).toMatchObject({ key, surface, form, sentence: 0 });
  });

  it('leaves judging adjectives and quantities out of keys', () => {
    expect(keysOf('Great support and many useful reports.')).toEqual(['support', 'report']);
    expect(keysOf('Lots of features.')).toEqual(['feature']);
  });

  it('ignores junk: pronouns, placeholders, numbers, the rival itself, bare references', () => {
    const text = 'It is the best thing. We love it a lot. Acme CRM is great and Acme has 3 dashboards. The tool is fine, our team agrees. 24 of them.';
    expect(keysOf(text, ['Acme CRM'])).toEqual([]);
  });

  it('ignores circumstances and descriptions', () => {
    expect(keysOf('The app freezes on older phones during busy hours.')).toEqual(['application']);
    expect(keysOf('Setting up SSO was a nightmare.')).toEqual(['sso']);
    expect(keysOf('We were happy to switch.')).toEqual([]);
  });

  it('reads a noun the tagger took for a verb as the verb', () => {
    expect(keysOf('The mobile app crashes constantly.')).toEqual(['mobile application']);
    expect(keysOf('The integration fails whenever a field changes.')).toEqual(['integration', 'field']);
    expect(keysOf('Budgeting is hard because the bill changes every month.')).toEqual(['budget', 'bill']);
    expect(keysOf('The release cadence is impressive, and something useful lands every month.')).toEqual(['release cadence']);
  });

  it('tells whether the clause judges the aspect', () => {
    const mentions = mentionsOf('The mobile app crashes constantly, so most reps gave up on it.');
    expect(find(mentions, 'mobile application')?.evaluated).toBe(true);
    expect(find(mentions, 'rep')?.evaluated).toBe(false);
    expect(find(mentions, 'rep')?.sentiment).toBeLessThan(0);
    // A list stays in its clause.
    expect(mentionsOf('Reporting, dashboards and audit logs are solid.').map((m) => [m.key, m.evaluated])).toEqual([
      ['report', true], ['dashboard', true], ['audit log', true],
    ]);
  });

  it('judges each aspect by its own clause, or its own item in a list without a verb', () => {
    const judged = (text: string) => Object.fromEntries(mentionsOf(text).map((m) => [m.key, polarityOf(m.sentiment)]));
    expect(judged('Reporting is great, but the dashboards are slow.')).toEqual({ report: 'positive', dashboard: 'negative' });
    expect(judged('Great dashboards, weak pricing')).toEqual({ dashboard: 'positive', price: 'negative' });
    expect(judged('Pricing is fair, but the renewal was a shock.')).toEqual({ price: 'positive', renewal: 'negative' });
    // A comment on the clause, and a clause without a verb, judge the clause before them.
    expect(judged('The initial setup took far longer than we were told, which was disappointing.')).toEqual({ 'initial setup': 'negative' });
    expect(judged('We have had several outages this quarter, always at the worst possible time.')).toEqual({ outage: 'negative' });
  });

  it('makes no aspect of what judges the purchase as a whole', () => {
    const verdicts = [
      'Overall, a great choice for us.', 'Definitely worth the investment.', 'Not worth the money.', 'Huge time saver for our team.',
      'The best BI tool we have used.', 'A solid tool if you can live with its gaps.', 'Pick something else and avoid the headache.',
      'The catch: it is a real problem.', 'On the plus side, it works.',
    ];
    for (const text of verdicts) expect(keysOf(text), text).toEqual([]);
  });

  it('reads names as names: people, other products, the rival and its products, but not the common words in them', () => {
    const names = ['Vantapoint', 'Vantapoint Reports'];
    expect(keysOf('Their account manager, Priya, is always helpful.')).toEqual(['account manager']);
    expect(keysOf('SSO with Google Workspace was easy to set up.')).toEqual(['sso']);
    expect(keysOf('Vantapoint Reports is great, and the reports are fast.', names)).toEqual(['report']);
    expect(keysOf('Reports are slow in Vantapoint.', names)).toEqual(['report']);
    expect(keysOf('The Salesforce integration is great.')).toEqual(['salesforce integration']);
  });

  it('tells gerunds that name an activity from those that take an object', () => {
    expect(keysOf('Onboarding was smooth.')).toEqual(['onboard']);
    expect(keysOf('Building interactive dashboards is quick.')).toEqual(['interactive dashboard']);
    expect(keysOf('Getting started is easy.')).toEqual([]);
    expect(keysOf('Good, but ease of use could be better.')).toEqual(['ease use']);
  });

  it('keys a part by what names it, and an "easy to" by its subject', () => {
    expect(find(mentionsOf('The AI features save our analysts hours.'), 'ai')).toMatchObject({ surface: 'AI features' });
    expect(keysOf('Costs are hard to forecast.')).toEqual(['cost']);
    expect(keysOf('The API is well designed and easy to automate against.')).toEqual(['api']);
    expect(keysOf('It is hard to justify.')).toEqual(['ease justify']);
  });

  it('gives a key once per sentence and each mention its sentence', () => {
    const mentions = mentionsOf('Support is great, support is fast. Reporting is weak.');
    expect(mentions.map((m) => [m.key, m.sentence])).toEqual([['support', 0], ['report', 1]]);
  });
});

it('is deterministic', () => {
  const review = { title: 'Mixed', text: 'Pricing is too expensive. The reporting module is powerful and easy to use.' };
  expect(analyzeReview(review)).toEqual(analyzeReview(review));
});

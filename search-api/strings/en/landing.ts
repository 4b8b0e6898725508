// The words a landing page's generated sections add to the sentences they quote, in English (ICU MessageFormat;
// German in ../de/landing.ts): headings, labels and the lines the composition writes itself (search-api/landing/
// compose.ts). Sections are made per reader's language, so each reader reads them in theirs.
export const landing = {
  keyFacts: 'Key facts:',
  customers: 'Customers and market',
  howTheySell: 'How they sell',
  buyers: 'What buyers say',
  reviews: '{count, plural, one {# review} other {# reviews}}',
  praise: 'Reviewers praise {strengths}.',
  criticise: 'Reviewers criticise {weaknesses}.',
  praiseAndCriticise: 'Reviewers praise {strengths}; they criticise {weaknesses}.',
  /** The last two of a list ("A, B and C"): the others are joined by commas. */
  list: '{rest} and {last}',
  lately: 'Lately',
  strong: 'Where {rival} is strong',
  weak: 'Where {rival} is weak',
  ourSide: 'What we bring',
  howWeWin: 'How we win',
  landmines: 'Landmines to lay',
  themes: 'Win and loss themes',
  whyWeWin: 'Why we win',
  whyWeLose: 'Why we lose',
  intelPublished: '{count, plural, one {# intel item published} other {# intel items published}}',
  cardsChanged: '{count, plural, one {# card changed} other {# cards changed}}',
  recent: '{changes} in the last {days} days.',
  newCard: 'New card',
  cardUpdated: 'Card updated',
  nothing:
    '{section, select, overview {There is not enough content about {rival} that you can see to write an overview yet.} ' +
    'other {There is not enough content about {rival} that you can see to write a comparison yet.}}',
};

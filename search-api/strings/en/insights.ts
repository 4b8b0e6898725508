// Sentences review insights compose from their figures, in English (ICU MessageFormat; German in ../de/insights.ts).
export const insights = {
  /** An insight's summary when no model wrote one: its figures, composed when it is read. */
  summary:
    '{lean, select, positive {Praised} other {Criticised}} in {reviews, plural, one {# review} other {# reviews}}: ' +
    '{share, number, percent} of {opinions, plural, one {# opinion is} other {# opinions are}} {lean, select, positive {positive} other {negative}}, ' +
    'against {usual, number, percent} across the rival’s aspects.',
  /** A win or loss reason's summary: the rival's decided deals that cite it, and who gave it (issue #56). */
  winLossSummary:
    '{kind, select, win {Why we win against {rival}} other {Why we lose to {rival}}}: cited in {deals, plural, one {# deal} other {# deals}}, ' +
    '{share, number, percent} of our {decided, plural, one {# {kind, select, win {win} other {loss}}} other {# {kind, select, win {wins} other {losses}}}} with them. ' +
    'Reps cited it in {rep}, buyers in {buyer}.',
  card: {
    title:
      '{kind, select, strengths {{rival} strength} weaknesses {{rival} weakness} win_reasons {Why we win against {rival}} other {Why we lose to {rival}}}: {aspect}',
    quotes: 'What reviewers say:',
  },
};

// German words of Ask's answer without a model (formal "Sie"); keys and ICU arguments are the English ones.
import type { ServerStrings } from '../en.ts';

export const ask: ServerStrings['ask'] = {
  nothingFound:
    'Dazu habe ich in den Inhalten, die Sie sehen können, nichts gefunden. Versuchen Sie es mit anderen Worten, oder fragen Sie nach einem bestimmten Wettbewerber.',
  otherSources: 'Weitere Quellen',
  anotherCompetitor: 'Ein anderer Wettbewerber',
};

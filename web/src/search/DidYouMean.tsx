// "Did you mean …?": the corrected query the server offers when words of the typed one are found
// only with typos (README "How search matches", 4). Picking it searches for it, filters kept.
import { Anchor, Text } from '@mantine/core';
import { Trans } from '../i18n/react.tsx';
import type { SearchResponse } from '../../../contracts/search.ts';

export function DidYouMean({ suggestion, onPick }: { suggestion: NonNullable<SearchResponse['didYouMean']>; onPick: (query: string) => void }) {
  return (
    <Text size="sm" data-testid="did-you-mean">
      <Trans
        i18nKey="search.didYouMean"
        values={{ query: suggestion.query, count: suggestion.nr_results }}
        components={{ pick: <Anchor component="button" type="button" fw={600} onClick={() => onPick(suggestion.query)} data-testid="did-you-mean-link" /> }}
      />
    </Text>
  );
}

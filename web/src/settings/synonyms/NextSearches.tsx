// In the entry opened for a search that found nothing ("Add a synonym" in search analytics): what the same
// people searched right after and found something for (GET /api/company/synonyms/suggestions.json), each a
// click away from the entry ("Also find" of a one-way entry, else its terms). Shows nothing while loading,
// on error, or when there is none.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import { PlusIcon } from '../../brand/icons.tsx';
import { useSynonymSuggestions } from './api.ts';
import { isSameTerm } from './model.ts';
import '../../i18n/areas/companySettings.ts';

type Props = {
  query: string;
  /** The entry's words so far: a suggestion among them is not offered again. */
  taken: string[];
  /** The list a suggestion goes to holds as many terms as it may. */
  full: boolean;
  onAdd: (term: string) => void;
};

export function NextSearches({ query, taken, full, onAdd }: Props) {
  const { t } = useTranslation();
  const { data } = useSynonymSuggestions(query);
  const offered = (data?.nextSearches ?? []).filter((n) => !isSameTerm(n.query, taken));
  if (!data?.nextSearches.length) return null;
  return (
    <Stack gap={6} data-testid="synonym-next-searches">
      <Text size="sm" fw={500}>
        {t('companySettings.synonyms.editor.nextSearches')}
      </Text>
      {offered.length ? (
        <Group gap={6}>
          {offered.map((n) => (
            <Button
              key={n.query}
              variant="light"
              size="compact-sm"
              radius="xl"
              leftSection={<PlusIcon size={14} />}
              disabled={full}
              onClick={() => onAdd(n.query)}
              title={t('companySettings.synonyms.editor.nextSearchHint', { opened: n.opened })}
              data-testid="synonym-next-search"
            >
              {n.query}
              <Text span size="xs" c="dimmed" ml={6}>
                {t('companySettings.synonyms.editor.people', { count: n.people })}
              </Text>
            </Button>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('companySettings.synonyms.editor.nextSearchesAdded')}
        </Text>
      )}
    </Stack>
  );
}

// Suggested prompts (part 3 §9): six templates with the rival placeholder over the featured rivals,
// four shown; picking one asks it.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FEATURED_RIVALS_SHOWN, type AskRival, type PromptLibrary } from '../../../contracts/ask.ts';
import { suggestedPrompts } from './model.ts';

export function Suggestions({ library, current, onPick }: { library: PromptLibrary; current?: AskRival | null; onPick: (prompt: string) => void }) {
  const { t } = useTranslation();
  const suggestions = suggestedPrompts(library.templates, library.featuredRivals, library.companyName, current).slice(0, FEATURED_RIVALS_SHOWN);
  if (!suggestions.length) return null;
  return (
    <Stack gap={6} data-testid="ask-suggestions">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('ask.suggestions')}
      </Text>
      <Group gap="xs">
        {suggestions.map((s) => (
          <Button key={s.id} variant="default" radius="xl" size="xs" onClick={() => onPick(s.prompt)} title={s.prompt} data-testid="ask-suggestion">
            {s.text}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

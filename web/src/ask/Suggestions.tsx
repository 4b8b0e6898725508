// Suggested prompts (part 3 §9): six templates with the rival placeholder over the featured rivals,
// four shown; picking one asks it.
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { FEATURED_RIVALS_SHOWN, type AskRival, type PromptLibrary } from '../../../contracts/ask.ts';
import classes from './Ask.module.css';
import { suggestedPrompts } from './model.ts';
import '../i18n/areas/ask.ts';

/** Widths of typical suggestion buttons ("How do we win against …?"), so placeholders wrap as they do. */
const PLACEHOLDER_WIDTHS = [240, 290, 280, 275].slice(0, FEATURED_RIVALS_SHOWN);

/** Holds the suggestions' place while the prompt library loads, so the controls below stay put. */
export function SuggestionsSkeleton({ wizard }: { wizard: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" aria-busy data-testid="ask-suggestions-loading">
      <Stack gap={6}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {t('ask.suggestions')}
        </Text>
        <Group gap="xs">
          {PLACEHOLDER_WIDTHS.map((w, i) => (
            <Skeleton key={i} height={30} width={w} radius="xl" />
          ))}
        </Group>
      </Stack>
      {wizard && <Skeleton height={30} width={240} radius="sm" />}
    </Stack>
  );
}

type SuggestionsProps = { library: PromptLibrary; current?: AskRival | null; onPick: (prompt: string) => void; oneRow?: boolean };

/** `oneRow`: the chips scroll sideways in one row instead of wrapping. */
export function Suggestions({ library, current, onPick, oneRow = false }: SuggestionsProps) {
  const { t } = useTranslation();
  const suggestions = suggestedPrompts(t, library.templates, library.featuredRivals, library.companyName, current).slice(0, FEATURED_RIVALS_SHOWN);
  if (!suggestions.length) return null;
  return (
    <Stack gap={6} data-testid="ask-suggestions">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('ask.suggestions')}
      </Text>
      <Group gap="xs" wrap={oneRow ? 'nowrap' : 'wrap'} className={oneRow ? classes.chipRow : undefined}>
        {suggestions.map((s) => (
          <Button key={s.id} variant="default" radius="xl" size="xs" onClick={() => onPick(s.prompt)} title={s.prompt} data-testid="ask-suggestion">
            {s.text}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

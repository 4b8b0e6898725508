// Find a tag by name (case-insensitive, searched after a 500 ms pause) or create it; shared by the tags
// dialog and the bulk edit panel.
import { Badge, Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { TagItem } from '../../../contracts/cards.ts';
import { PlusIcon } from '../brand/icons.tsx';
import { toastError } from '../shared/toast.ts';
import { useCreateTag, useTagSearch } from './api.ts';
import { TAG_SEARCH_DEBOUNCE_MS } from './constants.ts';
import '../i18n/areas/cardsAuthoring.ts';

const SHOWN = 8;

export function TagPicker({ exclude, onPick, label }: { exclude: number[]; onPick: (tag: TagItem) => void; label?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), TAG_SEARCH_DEBOUNCE_MS);
  // An emptied box (after a pick) lists the tags at once: half a second later the list would grow under
  // a pointer already on its way to Done, and the click would land on a tag instead.
  const search = text.trim() === '' ? '' : typed;
  const tags = useTagSearch(search);
  const create = useCreateTag();
  const matches = (tags.data ?? []).filter((tag) => !exclude.includes(tag.id)).slice(0, SHOWN);
  const exact = (tags.data ?? []).some((tag) => tag.name.toLowerCase() === text.trim().toLowerCase());

  const pick = (tag: TagItem) => {
    onPick(tag);
    setText('');
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder={t('cardsAuthoring.tags.search')}
        aria-label={label ?? t('cardsAuthoring.tags.search')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        rightSection={tags.isFetching ? <Loader size={14} /> : null}
        data-testid="tag-search"
      />
      <Group gap={6}>
        {matches.map((tag) => (
          <UnstyledButton key={tag.id} onClick={() => pick(tag)} data-testid="tag-option" data-tag-id={tag.id}>
            <Badge variant="outline" color="indigo" tt="none" fw={500} leftSection={<PlusIcon size={10} />} style={{ cursor: 'pointer' }}>
              {tag.name}
            </Badge>
          </UnstyledButton>
        ))}
        {search && !tags.isFetching && matches.length === 0 && exact === false && text.trim() === search && (
          <Text size="xs" c="dimmed">
            {t('cardsAuthoring.tags.noMatch')}
          </Text>
        )}
      </Group>
      {text.trim() && !exact && text.trim() === search && !tags.isFetching && (
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          loading={create.isPending}
          onClick={() => create.mutate(text.trim(), { onSuccess: pick, onError: (err) => toastError(t('cardsAuthoring.errors.tags'), err) })}
          data-testid="tag-create"
        >
          {t('cardsAuthoring.tags.create', { name: text.trim() })}
        </Button>
      )}
    </Stack>
  );
}

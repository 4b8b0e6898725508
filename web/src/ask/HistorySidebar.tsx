// Past chat sessions (part 3 §2.4 Ask modal sidebar, §4.1 restore): a search box and the sessions
// grouped by date; picking one restores it.
import { Alert, Badge, Group, NavLink, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { SearchIcon } from '../brand/icons.tsx';
import { useSessions } from './api.ts';
import { groupSessionsByDate } from './model.ts';
import '../i18n/areas/ask.ts';

/** Typing in the history search waits this long before asking the server. */
const HISTORY_SEARCH_DEBOUNCE_MS = 250;

/** `fill`: the whole width (the phone's modal shows the history instead of the chat). */
export function HistorySidebar({ activeId, onPick, fill = false }: { activeId: number | null; onPick: (id: number) => void; fill?: boolean }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const sessions = useSessions(debounced);
  const groups = sessions.data ? groupSessionsByDate(sessions.data.sessions, new Date()) : [];
  return (
    <Stack gap="xs" w={fill ? '100%' : 245} h="100%" data-testid="ask-history">
      <Text fw={700} size="sm">
        {t('ask.history.title')}
      </Text>
      <TextInput
        size="xs"
        leftSection={<SearchIcon size={14} />}
        placeholder={t('ask.history.search')}
        aria-label={t('ask.history.search')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="ask-history-search"
      />
      <ScrollArea flex={1}>
        {sessions.isPending ? (
          <Stack gap={6}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={28} />
            ))}
          </Stack>
        ) : sessions.isError ? (
          <Alert color="red" variant="light" p="xs">
            <Text size="xs">{t('ask.history.loadError')}</Text>
          </Alert>
        ) : groups.length === 0 ? (
          <Text size="xs" c="dimmed">
            {debounced ? t('ask.history.noMatch') : t('ask.history.empty')}
          </Text>
        ) : (
          groups.map((g) => (
            <Stack key={g.id} gap={2} mb="sm">
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                {t(`ask.history.groups.${g.id}`)}
              </Text>
              {g.items.map((s) => (
                <NavLink
                  key={s.id}
                  active={s.id === activeId}
                  onClick={() => onPick(s.id)}
                  label={
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" lineClamp={1} flex={1}>
                        {s.title}
                      </Text>
                      {s.category === 'research' && (
                        <Badge size="xs" variant="light">
                          {t('ask.history.research')}
                        </Badge>
                      )}
                    </Group>
                  }
                  data-testid="ask-history-item"
                  py={4}
                />
              ))}
            </Stack>
          ))
        )}
      </ScrollArea>
    </Stack>
  );
}

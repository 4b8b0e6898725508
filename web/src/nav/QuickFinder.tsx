// The quick finder of the left quick switcher (part 2 §2, §9): finds competitors once 3 or more
// characters are typed and shows at most 10, each linking to its profile, its landing page and its battlecards.
// ↓ moves from the box into the list; ↑ ↓ walk the list; Enter opens.
import { Avatar, Box, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { CardIcon, InfoIcon, SearchIcon } from '../brand/icons.tsx';
import { initials } from '../user/permissions.ts';
import { useRivalFinder } from './api.ts';
import { QUICK_FINDER_DEBOUNCE_MS, QUICK_FINDER_MIN_CHARS } from './constants.ts';
import classes from './QuickFinder.module.css';
import '../i18n/areas/quickSwitcher.ts';

const LINK_SELECTOR = '[data-quick-finder-link]';

function moveFocus(container: HTMLElement | null, from: Element | null, step: 1 | -1, input: HTMLInputElement | null) {
  if (!container) return;
  const links = [...container.querySelectorAll<HTMLElement>(LINK_SELECTOR)];
  if (!links.length) return;
  const i = from ? links.indexOf(from as HTMLElement) : -1;
  const next = i + step;
  if (next < 0) input?.focus();
  else links[Math.min(next, links.length - 1)].focus();
}

/** A link under a competitor: its landing page, one of its battlecards. */
function SubLink({ to, onClick, icon, label, testId }: { to: string; onClick: () => void; icon: ReactNode; label: string; testId: string }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      onClick={onClick}
      className={classes.link}
      data-quick-finder-link
      data-testid={testId}
      px={8}
      py={3}
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
    >
      <Group gap={6} wrap="nowrap" c="dimmed">
        {icon}
        <Text size="xs" c="dimmed" truncate>
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

export function QuickFinder({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, QUICK_FINDER_DEBOUNCE_MS);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const q = text.trim();
  const active = q.length >= QUICK_FINDER_MIN_CHARS;
  const rivals = useRivalFinder(active ? debounced : '');
  const hits = active && debounced.trim().length >= QUICK_FINDER_MIN_CHARS ? (rivals.data ?? []) : [];
  const loading = active && (rivals.isFetching || debounced.trim() !== q);

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveFocus(listRef.current, document.activeElement, e.key === 'ArrowDown' ? 1 : -1, inputRef.current);
    }
  };

  return (
    <Stack gap={6} role="search" aria-label={t('quickSwitcher.finderTitle')}>
      <TextInput
        ref={inputRef}
        data-autofocus
        type="search"
        placeholder={t('quickSwitcher.finderPlaceholder')}
        aria-label={t('quickSwitcher.finderTitle')}
        leftSection={<SearchIcon size={15} />}
        rightSection={loading ? <Loader size={14} /> : null}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            moveFocus(listRef.current, null, 1, inputRef.current);
          }
          if (e.key === 'Enter') {
            e.preventDefault();
            listRef.current?.querySelector<HTMLElement>(LINK_SELECTOR)?.click();
          }
        }}
        data-testid="quick-finder-input"
        autoComplete="off"
      />
      {q.length > 0 && !active && (
        <Text size="xs" c="dimmed" pl={4}>
          {t('quickSwitcher.finderMinChars', { count: QUICK_FINDER_MIN_CHARS })}
        </Text>
      )}
      {active && rivals.isError && (
        <Text size="xs" c="red.7" pl={4}>
          {t('quickSwitcher.finderFailed')}
        </Text>
      )}
      {active && !loading && !rivals.isError && hits.length === 0 && rivals.isFetched && (
        <Text size="xs" c="dimmed" pl={4} data-testid="quick-finder-empty">
          {t('quickSwitcher.finderNoMatch', { text: q })}
        </Text>
      )}
      {hits.length > 0 && (
        <Box ref={listRef} onKeyDown={onListKey} component="nav" aria-label={t('quickSwitcher.finderResults')}>
          <Stack gap={2}>
            {hits.map((r) => (
              <Box key={r.id} data-testid="quick-finder-item" data-id={r.id}>
                <UnstyledButton
                  component={Link}
                  to={`/profile/${r.profile.id}`}
                  onClick={onNavigate}
                  data-quick-finder-link
                  w="100%"
                  px={8}
                  py={6}
                  style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
                  className={classes.link}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={r.iconUrl} size="sm" radius="sm" color="indigo" alt="">
                      {initials(r.name)}
                    </Avatar>
                    <Text size="sm" fw={500} truncate>
                      {r.name}
                    </Text>
                  </Group>
                </UnstyledButton>
                <Stack gap={0} pl={36} pb={4}>
                  <SubLink to={`/company/${r.id}`} onClick={onNavigate} icon={<InfoIcon size={13} style={{ flex: 'none' }} />} label={t('quickSwitcher.overview')} testId="quick-finder-overview" />
                  {r.battlecards.map((b) => (
                    <SubLink
                      key={b.id}
                      to={`/profile/${r.profile.id}/battlecard/view/${b.id}`}
                      onClick={onNavigate}
                      icon={<CardIcon size={13} style={{ flex: 'none' }} />}
                      label={b.title}
                      testId="quick-finder-battlecard"
                    />
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

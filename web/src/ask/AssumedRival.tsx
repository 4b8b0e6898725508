// Under an answer about a rival the question did not name (the page's rival or the picked profile):
// "Answered about {rival} · Ask about another competitor ▾", whose menu re-asks the same question
// about the rival picked there (part 3 §4.1, the assumedRival of contracts/ask.ts).
import { Anchor, Group, Menu, ScrollArea, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { AskRival, AssumedRival } from '../../../contracts/ask.ts';
import { ChevronDownIcon, SearchIcon } from '../brand/icons.tsx';
import { usePromptLibrary } from './api.ts';
import { otherRivals } from './model.ts';
import '../i18n/areas/ask.ts';

/** From this many rivals the menu has a filter box. */
const FILTER_FROM = 8;
const MENU_HEIGHT = 260;

type Props = { assumed: AssumedRival; onAskAbout: (rival: AskRival) => void; disabled?: boolean };

export function AssumedRivalLine({ assumed, onAskAbout, disabled = false }: Props) {
  const { t } = useTranslation();
  const library = usePromptLibrary();
  const [filter, setFilter] = useState('');
  const others = otherRivals(library.data?.rivals ?? [], assumed.id, filter);
  const total = (library.data?.rivals.length ?? 0) - 1;
  return (
    <Group gap={6} data-testid="ask-assumed-rival">
      <Text size="xs" c="dimmed">
        {t('ask.assumedRival.answeredAbout', { name: assumed.name })}
      </Text>
      {total > 0 && (
        <>
          <Text size="xs" c="dimmed" aria-hidden="true">
            ·
          </Text>
          <Menu position="bottom-start" shadow="md" width={240} withinPortal disabled={disabled} onClose={() => setFilter('')}>
            <Menu.Target>
              <Anchor component="button" type="button" size="xs" disabled={disabled} c={disabled ? 'dimmed' : undefined} data-testid="ask-assumed-rival-change">
                <Group gap={2} wrap="nowrap" component="span">
                  {t('ask.assumedRival.askAnother')}
                  <ChevronDownIcon size={12} />
                </Group>
              </Anchor>
            </Menu.Target>
            <Menu.Dropdown data-testid="ask-assumed-rival-menu">
              {total >= FILTER_FROM && (
                <TextInput
                  size="xs"
                  mb={4}
                  leftSection={<SearchIcon size={12} />}
                  placeholder={t('ask.library.rivalSearch')}
                  aria-label={t('ask.library.rivalSearch')}
                  value={filter}
                  onChange={(e) => setFilter(e.currentTarget.value)}
                  // Typing in the box must not move the menu's keyboard focus.
                  onKeyDown={(e) => e.stopPropagation()}
                  data-autofocus
                />
              )}
              <ScrollArea.Autosize mah={MENU_HEIGHT} type="auto">
                {others.map((r) => (
                  <Menu.Item key={r.id} onClick={() => onAskAbout(r)} data-testid="ask-assumed-rival-option">
                    {r.name}
                  </Menu.Item>
                ))}
                {!others.length && (
                  <Text size="xs" c="dimmed" p="xs">
                    {t('ask.library.noRivals')}
                  </Text>
                )}
              </ScrollArea.Autosize>
            </Menu.Dropdown>
          </Menu>
        </>
      )}
    </Group>
  );
}

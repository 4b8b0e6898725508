// /help, "FAQs and guides" in the user menu's tips (part 2 §2): how Rivalscope works, in questions grouped by who
// they are for (sellers and everyone, curators, admins). A filter box narrows the questions as you type; each
// question is an accordion item (a button in a heading: Tab, the arrow keys, Enter and Space work), and
// /help#<question id> opens that one and scrolls to it. Opening a question puts its link in the address bar, and
// "Copy link" copies it.
import { Accordion, Button, CloseButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useClipboard, useDocumentTitle } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { CheckIcon, Icon, SearchIcon, type IconProps } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Prose } from '../shared/Prose.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { filterQuestions, questionKey, questionOfHash, type HelpGroup } from './questions.ts';
import '../i18n/areas/help.ts';

const LinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

/** Below the fixed top bar when the page scrolls to a question. */
const SCROLL_MARGIN = 80;

/** The page's address for one question, as a reader would share it. */
const questionUrl = (id: string) => `${window.location.origin}${window.location.pathname}#${encodeURIComponent(id)}`;

function CopyLink({ id }: { id: string }) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        size="compact-sm"
        color="gray"
        leftSection={clipboard.copied ? <CheckIcon size={14} /> : <LinkIcon size={14} />}
        onClick={() => clipboard.copy(questionUrl(id))}
        data-testid="help-copy-link"
      >
        {clipboard.copied ? t('help.copied') : t('help.copyLink')}
      </Button>
    </Group>
  );
}

function HelpSection({ group, opened, onChange }: { group: HelpGroup; opened: string[]; onChange: (group: HelpGroup, values: string[]) => void }) {
  const { t } = useTranslation();
  const titleId = `help-group-${group.id}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid="help-group" data-group={group.id}>
      <Stack gap={2}>
        <Title order={2} fz="h3" id={titleId}>
          {t(`help.groups.${group.id}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`help.groups.${group.id}.intro`)}
        </Text>
      </Stack>
      <Accordion multiple variant="separated" radius="md" order={3} value={opened} onChange={(values) => onChange(group, values)}>
        {group.questions.map((id) => (
          <Accordion.Item key={id} value={id} id={id} style={{ scrollMarginTop: SCROLL_MARGIN }} bg="white" data-testid="help-question" data-question={id}>
            <Accordion.Control>
              <Text fw={600} size="sm">
                {t(questionKey(id, 'q'))}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <Prose text={t(questionKey(id, 'a'))} />
                <CopyLink id={id} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

export function HelpPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('help.title')} · ${t('app.titleSuffix')}`);
  const { hash } = useLocation();
  const linked = questionOfHash(hash);
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState<string[]>(() => (linked ? [linked] : []));

  // A link to a question (on arrival, or a #question followed later) opens it and brings it into view.
  useEffect(() => {
    if (!linked) return;
    setOpened((now) => (now.includes(linked) ? now : [...now, linked]));
    document.getElementById(linked)?.scrollIntoView({ block: 'start' });
  }, [linked]);

  const groups = useMemo(() => filterQuestions(filter, (id) => ({ q: t(questionKey(id, 'q')), a: t(questionKey(id, 'a')) })), [filter, t]);
  const shown = groups.reduce((n, g) => n + g.questions.length, 0);

  const change = (group: HelpGroup, values: string[]) => {
    const others = opened.filter((id) => !group.questions.includes(id));
    setOpened([...others, ...values]);
    // The last question opened is the page's address, to copy from the address bar; the router's state stays.
    const added = values.find((id) => !opened.includes(id));
    if (added) window.history.replaceState(window.history.state, '', `#${encodeURIComponent(added)}`);
  };

  return (
    <Stack gap="lg" pt="md" maw={860} data-testid="page-help">
      <Stack gap={4}>
        <Title order={1}>{t('help.title')}</Title>
        <Text c="dimmed">{t('help.intro')}</Text>
      </Stack>
      <Stack gap={4}>
        <TextInput
          label={t('help.filter.label')}
          placeholder={t('help.filter.placeholder')}
          leftSection={<SearchIcon size={16} />}
          rightSection={filter ? <CloseButton size="sm" aria-label={t('help.filter.clear')} onClick={() => setFilter('')} /> : null}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          maw={480}
          type="search"
          data-testid="help-filter"
        />
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="help-count" data-count={shown}>
          {filter.trim() ? t('help.filter.count', { count: shown }) : ''}
        </Text>
      </Stack>
      {groups.length === 0 ? (
        <StatePanel kind="empty" title={t('help.filter.none', { text: filter.trim() })} text={t('help.filter.noneHint')} data-testid="help-empty" />
      ) : (
        groups.map((group) => <HelpSection key={group.id} group={group} opened={opened} onChange={change} />)
      )}
    </Stack>
  );
}

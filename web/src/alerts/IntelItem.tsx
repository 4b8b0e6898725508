// One intel item of the feed: title (highlighted), rivals, topics, source, channel, date, state and
// priority, summary or snippet, related alerts; and its actions (edit its title, rivals and related alerts,
// archive, delete, important, interesting, publish or unpublish, summarize, add to a digest). Compact density
// keeps it to two lines.
import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { IntelHit, IntelUpdate } from '../../../contracts/intel.ts';
import { ArchiveIcon, EditIcon, MoreIcon, TrashIcon } from '../brand/icons.tsx';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import resultClasses from '../shared/Results.module.css';
import { intelApi, useDraftDigests } from './api.ts';
import classes from './Alerts.module.css';
import { IntelEditDialog } from './IntelEditDialog.tsx';
import { useIntelUpdatesContext } from './useIntelUpdates.ts';
import { useUndoableUpdate } from './useUndoableUpdate.tsx';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/intelEditing.ts';
import '../i18n/areas/alerts.ts';

export const STATE_COLORS: Record<IntelHit['state'], string> = { unprocessed: 'blue', working: 'yellow', archived: 'gray', deleted: 'red' };
/** Important is orange, not the red of Delete: it flags an item to follow, it destroys nothing. */
export const PRIORITY_COLORS: Record<string, string> = { important: 'orange', interesting: 'grape' };

export function IntelMeta({ hit }: { hit: IntelHit }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" fz="xs" c="dimmed" style={{ rowGap: 2 }}>
      {hit.rivals.map((r) => (
        <Badge key={r.id} size="sm" variant="light" color="indigo" radius="sm" tt="none" data-testid="intel-rival">
          {r.name}
        </Badge>
      ))}
      {hit.topics.map((topic) => (
        <Badge key={topic} size="sm" variant="outline" color="gray" radius="sm" tt="none" data-testid="intel-topic">
          {topic}
        </Badge>
      ))}
      {hit.source && <Text span size="xs">{hit.source}</Text>}
      <Text span size="xs">
        · {t(`alerts.channels.${hit.channel}`, { defaultValue: hit.channel })}
      </Text>
      <Tooltip label={shortDate(hit.createdAt, i18n.language)} openDelay={400}>
        <Text span size="xs">
          · {relativeTime(hit.createdAt, i18n.language)}
        </Text>
      </Tooltip>
    </Group>
  );
}

export function StateBadges({ hit }: { hit: Pick<IntelHit, 'state' | 'priority' | 'publishedAt'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
      <Badge size="sm" color={STATE_COLORS[hit.state]} variant="light" data-testid="intel-state" data-state={hit.state}>
        {t(`alerts.states.${hit.state}`)}
      </Badge>
      {hit.priority && (
        <Badge size="sm" color={PRIORITY_COLORS[hit.priority]} variant="filled" data-testid="intel-priority">
          {t(`alerts.priorities.${hit.priority}`)}
        </Badge>
      )}
      {hit.publishedAt && (
        <Badge size="sm" color="teal" variant="outline">
          {t('alerts.item.published')}
        </Badge>
      )}
    </Group>
  );
}

function DigestMenu({ hit }: { hit: IntelHit }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { refresh } = useIntelUpdatesContext();
  const drafts = useDraftDigests(true);
  const add = useMutation({
    mutationFn: (digestId: number) => intelApi.addToDigest(digestId, hit.id),
    onSuccess: () => {
      refresh();
      notifications.show({ color: 'teal', message: t('alerts.item.addedToDigest') });
    },
    onError: (err: Error) => notifications.show({ color: 'red', message: errorText(err) }),
  });
  if (drafts.isPending) return <Menu.Item disabled>{t('alerts.loading')}</Menu.Item>;
  if (!drafts.data?.length) return <Menu.Item disabled>{t('alerts.item.noDrafts')}</Menu.Item>;
  return drafts.data.map((d) => (
    <Menu.Item key={d.id} onClick={() => add.mutate(d.id)} disabled={hit.digests.includes(d.id)}>
      {d.title}
    </Menu.Item>
  ));
}

/** Every action is an icon with a tooltip, and a label that names the item for screen readers. */
export function IntelActions({ hit, onEdit }: { hit: IntelHit; onEdit: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const title = hit.curatedTitle ?? hit.title;
  const { refresh } = useIntelUpdatesContext();
  const undoable = useUndoableUpdate();
  const update = (u: IntelUpdate) => void undoable(hit, u);
  const fail = (err: Error) => notifications.show({ color: 'red', message: errorText(err) });
  const unpublish = useMutation({ mutationFn: () => intelApi.unpublish(hit.id), onSuccess: refresh, onError: fail });
  const summarize = useMutation({ mutationFn: () => intelApi.summarize(hit.id), onSuccess: refresh, onError: fail });
  const togglePriority = (p: 'important' | 'interesting') => update({ priority: hit.priority === p ? null : p });
  return (
    <Group gap={2} wrap="nowrap" className={classes.actions}>
      <Tooltip label={t('intelEditing.open')}>
        <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={t('intelEditing.openLabel', { title })} data-testid="intel-edit">
          <EditIcon size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('alerts.actions.archiveHint')}>
        <ActionIcon variant="subtle" color="gray" onClick={() => update({ state: 'archived' })} aria-label={t('alerts.actions.archiveLabel', { title })} data-testid="intel-archive" disabled={hit.state === 'archived'}>
          <ArchiveIcon size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('alerts.actions.deleteHint')}>
        <ActionIcon variant="subtle" color="red" onClick={() => update({ state: 'deleted' })} aria-label={t('alerts.actions.deleteLabel', { title })} data-testid="intel-delete" disabled={hit.state === 'deleted'}>
          <TrashIcon size={15} />
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Tooltip label={t('alerts.actions.more')}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('alerts.actions.moreLabel', { title })} data-testid="intel-more">
              <MoreIcon size={15} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => togglePriority('important')} data-testid="intel-important">
            {hit.priority === 'important' ? t('alerts.actions.unmark', { priority: t('alerts.priorities.important') }) : t('alerts.actions.important')}
          </Menu.Item>
          <Menu.Item onClick={() => togglePriority('interesting')} data-testid="intel-interesting">
            {hit.priority === 'interesting' ? t('alerts.actions.unmark', { priority: t('alerts.priorities.interesting') }) : t('alerts.actions.interesting')}
          </Menu.Item>
          {hit.state !== 'working' && <Menu.Item onClick={() => update({ state: 'working' })}>{t('alerts.actions.working')}</Menu.Item>}
          {hit.state !== 'unprocessed' && <Menu.Item onClick={() => update({ state: 'unprocessed' })}>{t('alerts.actions.unprocessed')}</Menu.Item>}
          <Menu.Divider />
          <Menu.Item onClick={() => update({ publishIntel: true })} data-testid="intel-publish">
            {hit.publishedAt ? t('alerts.actions.republish') : t('alerts.actions.publish')}
          </Menu.Item>
          {hit.publishedAt && (
            <Menu.Item onClick={() => unpublish.mutate()} data-testid="intel-unpublish">
              {t('alerts.actions.unpublish')}
            </Menu.Item>
          )}
          <Menu.Item onClick={() => summarize.mutate()} disabled={summarize.isPending} data-testid="intel-summarize">
            {t('alerts.actions.summarize')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('alerts.actions.addToDigest')}</Menu.Label>
          <DigestMenu hit={hit} />
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

type ItemProps = {
  hit: IntelHit;
  compact: boolean;
  selectable: boolean;
  selected: boolean;
  onSelect: (id: number, on: boolean) => void;
  /** The curator opened the alert: its source, or its editor. */
  onOpen?: (hit: IntelHit) => void;
};

export function IntelItem({ hit, compact, selectable, selected, onSelect, onOpen }: ItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const openEditor = () => {
    onOpen?.(hit);
    setEditing(true);
  };
  const text = hit.summary ?? null;
  return (
    <>
      <Paper withBorder radius="md" p={compact ? 'xs' : 'md'} component="article" className={resultClasses.result} data-testid="intel-item" data-id={hit.id} data-state={hit.state} aria-label={hit.curatedTitle ?? hit.title}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {selectable && (
            <Checkbox mt={4} checked={selected} onChange={(e) => onSelect(hit.id, e.currentTarget.checked)} aria-label={t('alerts.bulk.selectOne', { title: hit.title })} data-testid="intel-select" />
          )}
          <Stack gap={compact ? 2 : 6} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start" style={{ rowGap: 4 }}>
              <Group gap={6} wrap="nowrap" style={{ flex: '1 1 240px', minWidth: 0 }}>
                {hit.permalink ? (
                  <Anchor href={hit.permalink} target="_blank" rel="noopener noreferrer" onClick={() => onOpen?.(hit)} fw={600} fz={compact ? 'sm' : 'md'} className={resultClasses.resultTitle} lineClamp={compact ? 1 : 2} data-testid="intel-title">
                    <SafeHighlight html={hit.titleHtml} />
                  </Anchor>
                ) : (
                  <Text fw={600} fz={compact ? 'sm' : 'md'} lineClamp={compact ? 1 : 2} data-testid="intel-title">
                    <SafeHighlight html={hit.titleHtml} />
                  </Text>
                )}
              </Group>
              <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
                <StateBadges hit={hit} />
                <IntelActions hit={hit} onEdit={openEditor} />
              </Group>
            </Group>
            <IntelMeta hit={hit} />
            {!compact && (text ? <Text size="sm" c="gray.7" lineClamp={3}>{text}</Text> : hit.snippetHtml && <SafeHighlight html={hit.snippetHtml} component="p" className={resultClasses.snippet} />)}
            {!compact && (hit.relatedAlerts.length > 0 || hit.submittedBy || hit.fromAddress) && (
              <Group gap="md" fz="xs" c="dimmed">
                {hit.relatedAlerts.length > 0 && (
                  <Anchor component="button" type="button" size="xs" c="dimmed" td="underline" onClick={openEditor} data-testid="intel-related">
                    {t('alerts.item.related', { count: hit.relatedAlerts.length })}
                  </Anchor>
                )}
                {hit.submittedBy && <Text size="xs">{t('alerts.item.submittedBy', { name: hit.submittedBy.name })}</Text>}
                {hit.fromAddress && <Text size="xs">{t('alerts.item.from', { address: hit.fromAddress })}</Text>}
              </Group>
            )}
          </Stack>
        </Group>
      </Paper>
      {editing && <IntelEditDialog intelId={hit.id} onClose={() => setEditing(false)} />}
    </>
  );
}

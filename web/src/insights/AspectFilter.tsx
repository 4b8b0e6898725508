// The aspect list of the reviews sidebar (part 3 §7.1): the rival's aspects with their review counts for the
// other filters, 100 a call and merged by nextOffset; a click filters the reviews by one. Curators rename, hide
// and merge aspects here, and bring hidden ones back from the hidden aspects list (50 a call).
import { ActionIcon, Anchor, Button, Collapse, Group, Menu, Modal, Select, Skeleton, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { INSIGHTS, type AspectView } from '../../../contracts/insights.ts';
import { BanIcon, EditIcon, LayersIcon, MoreIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { formatNumber } from '../shared/numbers.ts';
import { useAspects, usePatchAspect } from './api.ts';
import classes from './Insights.module.css';
import { mergeAspectPages, type ReviewFilters } from './model.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/insights.ts';

/** Aspects listed before "show more". */
const ASPECTS_SHOWN = 12;

type Props = {
  rivalId: number;
  filters: ReviewFilters;
  now: Date;
  curator: boolean;
  onPick: (aspectId: number | null) => void;
};

type Editing = { kind: 'rename' | 'merge'; aspect: AspectView } | null;

/**
 * How an aspect's reviews lean, drawn: positive, neutral and negative in that order, told apart by texture as well as
 * colour (Insights.module.css). Screen readers hear the counts instead (the row's description).
 */
function Lean({ aspect }: { aspect: AspectView }) {
  const total = aspect.positive + aspect.neutral + aspect.negative;
  if (!total) return null;
  return (
    <span className={classes.lean} aria-hidden data-testid="aspect-lean">
      {(['positive', 'neutral', 'negative'] as const)
        .filter((tone) => aspect[tone] > 0)
        .map((tone) => (
          <span key={tone} data-tone={tone} style={{ width: `${(aspect[tone] / total) * 100}%` }} />
        ))}
    </span>
  );
}

export function AspectFilter({ rivalId, filters, now, curator, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const aspects = useAspects(rivalId, filters, now, 'none');
  const list = mergeAspectPages(aspects.data?.pages ?? []);
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const countsId = useId();
  const patch = usePatchAspect();
  const shown = expanded ? list : list.slice(0, ASPECTS_SHOWN);
  // The picked aspect stays in sight even when it is not among the first.
  const picked = filters.aspectId === null || shown.some((a) => a.id === filters.aspectId) ? null : list.find((a) => a.id === filters.aspectId);

  const change = (aspect: AspectView, body: Parameters<typeof patch.mutate>[0]['body'], done: string) =>
    patch.mutate(
      { aspectId: aspect.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t(done, { aspect: aspect.title }), autoClose: 5000 });
          setEditing(null);
          // A hidden or merged aspect no longer filters: its reviews are under the one it joined, or under none.
          if ((body.state === 'hidden' || body.mergeInto !== undefined) && filters.aspectId === aspect.id) onPick(body.mergeInto ?? null);
        },
        onError: (err) => notifications.show({ color: 'red', title: t('insights.aspects.failed'), message: errorText(err), autoClose: 6000 }),
      },
    );

  if (aspects.isPending) {
    return (
      <Stack gap={8}>
        {[70, 55, 65, 50].map((w, i) => (
          <Skeleton key={i} height={14} width={`${w}%`} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (aspects.isError) {
    return (
      <Text size="sm" c="dimmed" pl={6}>
        {t('insights.aspects.failedList')}
      </Text>
    );
  }
  const counts = (a: AspectView) =>
    t('insights.aspects.counts', { aspect: a.title, positive: formatNumber(a.positive, i18n.language), negative: formatNumber(a.negative, i18n.language), neutral: formatNumber(a.neutral, i18n.language) });
  const row = (a: AspectView) => (
    <Group key={a.id} gap={2} wrap="nowrap" className={classes.aspectRow}>
      <VisuallyHidden id={`${countsId}-${a.id}`}>{counts(a)}</VisuallyHidden>
      <UnstyledButton
        className={classes.aspect}
        onClick={() => onPick(a.id === filters.aspectId ? null : a.id)}
        data-active={a.id === filters.aspectId}
        aria-pressed={a.id === filters.aspectId}
        aria-describedby={`${countsId}-${a.id}`}
        title={counts(a)}
        data-testid="filter-aspect"
        data-aspect-id={a.id}
        data-count={a.reviewCount}
      >
        <span style={{ flex: 1, minWidth: 0 }}>
          <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{a.title}</span>
          <Lean aspect={a} />
        </span>
        <Text span size="xs" c="dimmed" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
          {formatNumber(a.reviewCount, i18n.language)}
        </Text>
      </UnstyledButton>
      {curator && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" className={classes.aspectMenu} aria-label={t('insights.aspects.manage', { aspect: a.title })} data-testid="aspect-menu">
              <MoreIcon size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<EditIcon size={14} />} onClick={() => setEditing({ kind: 'rename', aspect: a })} data-testid="aspect-rename">
              {t('insights.aspects.rename')}
            </Menu.Item>
            <Menu.Item leftSection={<LayersIcon size={14} />} onClick={() => setEditing({ kind: 'merge', aspect: a })} data-testid="aspect-merge">
              {t('insights.aspects.merge')}
            </Menu.Item>
            <Menu.Item leftSection={<BanIcon size={14} />} onClick={() => change(a, { state: 'hidden' }, 'insights.aspects.hidden')} data-testid="aspect-hide">
              {t('insights.aspects.hide')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );

  return (
    <Stack gap={2} data-testid="aspect-filter">
      {list.length === 0 && (
        <Text size="sm" c="dimmed" pl={6}>
          {t('insights.aspects.none')}
        </Text>
      )}
      {picked && row(picked)}
      {shown.map(row)}
      {(list.length > ASPECTS_SHOWN || aspects.hasNextPage) && (
        <Group gap="sm" pl={6}>
          {expanded && aspects.hasNextPage ? (
            <Anchor component="button" type="button" size="xs" onClick={() => void aspects.fetchNextPage()} disabled={aspects.isFetchingNextPage} data-testid="aspects-more">
              {t('insights.aspects.loadMore')}
            </Anchor>
          ) : null}
          <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((e) => !e)} data-testid="aspects-expand">
            {expanded ? t('insights.aspects.showLess') : t('insights.aspects.showAll', { count: aspects.data?.pages[0]?.pagination.total ?? list.length })}
          </Anchor>
        </Group>
      )}
      {curator && <HiddenAspects rivalId={rivalId} filters={filters} now={now} onRestore={(a) => change(a, { state: 'none' }, 'insights.aspects.restored')} />}
      {editing?.kind === 'rename' && (
        <RenameDialog aspect={editing.aspect} saving={patch.isPending} onClose={() => setEditing(null)} onSave={(title) => change(editing.aspect, { title }, 'insights.aspects.renamed')} />
      )}
      {editing?.kind === 'merge' && (
        <MergeDialog
          aspect={editing.aspect}
          others={list.filter((a) => a.id !== editing.aspect.id)}
          saving={patch.isPending}
          onClose={() => setEditing(null)}
          onMerge={(into) => change(editing.aspect, { mergeInto: into }, 'insights.aspects.merged')}
        />
      )}
    </Stack>
  );
}

function HiddenAspects({ rivalId, filters, now, onRestore }: { rivalId: number; filters: ReviewFilters; now: Date; onRestore: (a: AspectView) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const hidden = useAspects(rivalId, filters, now, 'hidden', opened);
  const list = mergeAspectPages(hidden.data?.pages ?? []);
  return (
    <Stack gap={4} mt="xs">
      <Anchor component="button" type="button" size="xs" c="dimmed" ta="left" pl={6} onClick={() => setOpened((o) => !o)} aria-expanded={opened} data-testid="hidden-aspects-toggle">
        {opened ? t('insights.aspects.hiddenClose') : t('insights.aspects.hiddenOpen')}
      </Anchor>
      <Collapse in={opened}>
        <Stack gap={2} data-testid="hidden-aspects">
          {hidden.isPending ? (
            <Skeleton height={14} width="60%" radius="sm" ml={6} />
          ) : list.length === 0 ? (
            <Text size="xs" c="dimmed" pl={6}>
              {t('insights.aspects.noneHidden')}
            </Text>
          ) : (
            list.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" pl={6} data-testid="hidden-aspect">
                <Text size="sm" c="dimmed" truncate>
                  {a.title}
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => onRestore(a)} data-testid="aspect-restore">
                  {t('insights.aspects.restore')}
                </Button>
              </Group>
            ))
          )}
          {hidden.hasNextPage && (
            <Anchor component="button" type="button" size="xs" pl={6} onClick={() => void hidden.fetchNextPage()}>
              {t('insights.aspects.loadMore')}
            </Anchor>
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}

function RenameDialog({ aspect, saving, onClose, onSave }: { aspect: AspectView; saving: boolean; onClose: () => void; onSave: (title: string | null) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(aspect.title);
  return (
    <Modal opened onClose={onClose} title={t('insights.aspects.renameTitle', { aspect: aspect.title })} radius="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave(title.trim() || null);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('insights.aspects.newTitle')}
            description={t('insights.aspects.newTitleHint')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={INSIGHTS.aspectTitleMax}
            data-autofocus
            data-testid="aspect-title-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('insights.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="aspect-title-save">
              {t('insights.aspects.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MergeDialog({ aspect, others, saving, onClose, onMerge }: { aspect: AspectView; others: AspectView[]; saving: boolean; onClose: () => void; onMerge: (into: number) => void }) {
  const { t } = useTranslation();
  const [into, setInto] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('insights.aspects.mergeTitle', { aspect: aspect.title })} radius="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('insights.aspects.mergeHint', { aspect: aspect.title })}
        </Text>
        <Select
          label={t('insights.aspects.mergeInto')}
          data={others.map((a) => ({ value: String(a.id), label: `${a.title} (${a.reviewCount})` }))}
          value={into}
          onChange={setInto}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="aspect-merge-into"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('insights.cancel')}
          </Button>
          <Button onClick={() => into && onMerge(Number(into))} disabled={!into} loading={saving} data-testid="aspect-merge-submit">
            {t('insights.aspects.mergeSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// The triage layout (part 1 §4 Triage): one card at a time with skip, archive, delete, important and
// interesting, by button or key (legend shown); back (b or Backspace) restores the last actioned card and
// undoes its update. The actioned list stays visible beside the card.
import { Anchor, Badge, Button, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useReducer } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { IntelHit } from '../../../contracts/intel.ts';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import classes from './Alerts.module.css';
import { IntelMeta, PRIORITY_COLORS, StateBadges } from './IntelItem.tsx';
import { act, actionForKey, back, currentCard, emptyTriage, mergeCards, TRIAGE_ACTIONS, TRIAGE_KEYS, triageUpdate, type TriageAction, type TriageState } from './triageStore.ts';
import { useIntelUpdatesContext } from './useIntelUpdates.ts';
import '../i18n/areas/alerts.ts';

type Msg = { type: 'merge'; hits: IntelHit[] } | { type: 'act'; action: TriageAction } | { type: 'back' };

function reducer(s: TriageState, m: Msg): TriageState {
  if (m.type === 'merge') return mergeCards(s, m.hits);
  if (m.type === 'act') return act(s, m.action);
  return back(s).state;
}

const ACTION_COLORS: Record<TriageAction, string> = { skip: 'gray', archive: 'indigo', delete: 'red', important: PRIORITY_COLORS.important, interesting: PRIORITY_COLORS.interesting };

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest('[role="dialog"],[role="menu"]'));
}

export function TriagePanel({ hits, hasMore, onMore, loading }: { hits: IntelHit[]; hasMore: boolean; onMore: () => void; loading: boolean }) {
  const { t } = useTranslation();
  const { send } = useIntelUpdatesContext();
  const [state, dispatch] = useReducer(reducer, undefined, emptyTriage);
  useEffect(() => dispatch({ type: 'merge', hits }), [hits]);
  const card = currentCard(state) as IntelHit | null;
  // Near the end of the queue the next page comes in (once the hits at hand are queued).
  const merged = hits.every((h) => h.id in state.cards);
  useEffect(() => {
    if (merged && state.queue.length < 3 && hasMore && !loading) onMore();
  }, [merged, state.queue.length, hasMore, loading, onMore]);

  const run = (action: TriageAction | 'back') => {
    if (action === 'back') {
      const r = back(state);
      if (!r.restored) return;
      dispatch({ type: 'back' });
      if (r.undo) void send({ kind: 'one', intelId: r.restored.id, update: r.undo });
      return;
    }
    if (!card) return;
    dispatch({ type: 'act', action });
    const update = triageUpdate(action);
    if (update) void send({ kind: 'one', intelId: card.id, update });
  };

  useWindowEvent('keydown', (e) => {
    if (isTyping(e.target) || e.repeat) return;
    const action = actionForKey(e);
    if (!action) return;
    e.preventDefault();
    run(action);
  });

  const actioned = [...state.actioned].reverse();
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="triage">
      <Stack gap="sm" style={{ flex: '1 1 420px', minWidth: 0 }}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="triage-remaining" data-count={state.queue.length}>
            {t(hasMore ? 'alerts.triage.remainingMore' : 'alerts.triage.remaining', { count: state.queue.length })}
          </Text>
          <Button variant="subtle" size="xs" onClick={() => run('back')} disabled={!state.actioned.length} aria-keyshortcuts={TRIAGE_KEYS.back.join(' ')} data-testid="triage-back">
            {t('alerts.triage.back')}{' '}
            <Kbd ml={6} className={classes.kbd} aria-hidden>
              {TRIAGE_KEYS.back[0]}
            </Kbd>
          </Button>
        </Group>
        {card ? (
          <Paper withBorder radius="md" p="lg" className={classes.triageCard} data-testid="triage-card" data-id={card.id} aria-live="polite">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                  {card.curatedTitle ?? <SafeHighlight html={card.titleHtml || card.title} />}
                </Title>
                <StateBadges hit={card} />
              </Group>
              <IntelMeta hit={card} />
              {card.summary ? <Text size="sm">{card.summary}</Text> : card.snippetHtml && <SafeHighlight html={card.snippetHtml} component="p" />}
              {card.permalink && (
                <Anchor href={card.permalink} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('alerts.triage.openSource')}
                </Anchor>
              )}
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="xl" data-testid="triage-done">
            <Text fw={600}>{loading ? t('alerts.loading') : t('alerts.triage.done')}</Text>
            {!loading && <Text size="sm" c="dimmed">{t('alerts.triage.doneHelp')}</Text>}
          </Paper>
        )}
        <Group gap="xs" className={classes.legend} role="group" aria-label={t('alerts.triage.actions')}>
          {TRIAGE_ACTIONS.map((a) => (
            <Button
              key={a}
              variant={a === 'skip' ? 'default' : 'light'}
              color={ACTION_COLORS[a]}
              onClick={() => run(a)}
              disabled={!card}
              // The key is shown on the button and announced as its shortcut, not read as part of its name.
              aria-keyshortcuts={TRIAGE_KEYS[a].join(' ')}
              data-testid={`triage-${a}`}
              rightSection={
                <Kbd className={classes.kbd} aria-hidden>
                  {TRIAGE_KEYS[a][0]}
                </Kbd>
              }
            >
              {t(`alerts.triage.action.${a}`)}
            </Button>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('alerts.triage.legend')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" style={{ flex: '0 1 300px', minWidth: 240 }} component="aside" aria-label={t('alerts.triage.actioned')}>
        <Title order={3} fz="sm" mb="xs">
          {t('alerts.triage.actioned')} ({state.actioned.length})
        </Title>
        {actioned.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.triage.noneActioned')}
          </Text>
        ) : (
          <Stack gap={6} data-testid="triage-actioned">
            {actioned.map((a) => (
              <Group key={a.id} gap={6} wrap="nowrap" data-testid="triage-actioned-item" data-id={a.id} data-action={a.action}>
                <Badge size="xs" color={ACTION_COLORS[a.action]} variant="light" style={{ flex: 'none' }}>
                  {t(`alerts.triage.action.${a.action}`)}
                </Badge>
                <Text size="xs" truncate>
                  {state.cards[a.id]?.curatedTitle ?? state.cards[a.id]?.title}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Group>
  );
}

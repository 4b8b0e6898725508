// A call's transcript in a drawer (?call={id}&seq={passage}): what is known of the call (date, rep, account, deal,
// the rivals named), then its speaker turns, the rep's side set apart from the prospect's by a word, a shape and its
// place, never by colour alone, the rival names each passage names marked in its text (plain text: nothing in a
// transcript is read as HTML). The passage opened is scrolled to and focused. Each passage offers curators to turn it
// into intel or a card's source.
import { Badge, Drawer, Group, Menu, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CallDetail, CallPassage } from '../../../contracts/calls.ts';
import { MoreIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useCall } from './api.ts';
import { LoadError, MarkedText, ObjectionBadge, SideBadge, useRepName } from './CallBits.tsx';
import classes from './CallInsights.module.css';
import { IntelDialog, SourceDialog } from './PassageDialogs.tsx';
import { clock } from './model.ts';
import '../i18n/areas/callInsights.ts';

type Props = { open: { callId: number; seq: number | null } | null; onClose: () => void };
export type PassageAction = { kind: 'intel' | 'source'; passage: CallPassage };

export function CallDrawer({ open, onClose }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const call = useCall(open?.callId ?? null);
  return (
    <Drawer
      opened={open !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={call.data?.title ?? t('callInsights.call.title')}
      closeButtonProps={{ 'aria-label': t('callInsights.close') }}
      data-testid="call-drawer"
    >
      {open === null ? null : call.isPending ? (
        <Skeleton h={300} />
      ) : call.isError ? (
        <LoadError error={call.error} onRetry={() => void call.refetch()} testId="call-error" />
      ) : (
        <Transcript key={call.data.id} call={call.data} seq={open.seq} />
      )}
    </Drawer>
  );
}

function Transcript({ call, seq }: { call: CallDetail; seq: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const repName = useRepName();
  const [action, setAction] = useState<PassageAction | null>(null);
  const opened = useRef<HTMLLIElement | null>(null);
  const nameOf = useMemo(() => new Map(call.rivals.map((r) => [r.id, r])), [call.rivals]);

  // Once the transcript is there, the passage the reader opened comes into view and takes the focus.
  useEffect(() => {
    const el = opened.current;
    if (!el) return;
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [seq]);

  const facts = [
    shortDate(call.occurredAt, language),
    t('callInsights.call.rep', { name: repName(call.rep) }),
    call.accountName && t('callInsights.call.account', { name: call.accountName }),
    call.deal && t('callInsights.call.deal', { name: call.deal.name }),
    call.durationMs !== null && t('callInsights.call.duration', { time: clock(call.durationMs) }),
    t('callInsights.call.words', { count: call.words }),
  ].filter(Boolean);

  return (
    <Stack gap="md" data-testid="call-transcript" data-call-id={call.id}>
      <Text size="sm" c="dimmed" data-testid="call-facts">
        {facts.join(' · ')}
      </Text>
      {call.rivals.length > 0 && (
        <Group gap={6} aria-label={t('callInsights.call.rivals')} role="group">
          {call.rivals.map((r) => (
            <Badge key={r.id} variant="light" size="sm" data-testid="call-rival">
              {t('callInsights.call.rivalMentions', { name: r.name, count: r.mentions })}
            </Badge>
          ))}
        </Group>
      )}
      <ol className={classes.turns} aria-label={t('callInsights.call.transcript')}>
        {call.passages.map((p, index) => {
          const current = p.seq === seq;
          const rivals = p.rivalIds.flatMap((id) => nameOf.get(id) ?? []);
          return (
            <li
              key={p.seq}
              ref={current ? opened : undefined}
              tabIndex={current ? -1 : undefined}
              // The drawer's focus trap starts here when the transcript is in by then (else the effect above moves it).
              data-autofocus={current || undefined}
              className={classes.turn}
              data-side={p.isRep ? 'rep' : 'prospect'}
              data-current={current || undefined}
              data-testid="call-passage"
              data-seq={p.seq}
            >
              <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
                <Group gap={6} wrap="wrap">
                  <SideBadge isRep={p.isRep} />
                  {p.speaker && (
                    <Text component="span" size="xs" fw={600} data-testid="passage-speaker">
                      {p.speaker}
                    </Text>
                  )}
                  {p.startMs !== null && (
                    <Text component="span" size="xs" c="dimmed">
                      {clock(p.startMs)}
                    </Text>
                  )}
                  {p.objection && <ObjectionBadge />}
                  {current && <VisuallyHidden>{t('callInsights.call.opened')}</VisuallyHidden>}
                </Group>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <UnstyledButton className={classes.iconButton} aria-label={t('callInsights.call.actions', { number: index + 1 })} data-testid="passage-actions">
                      <MoreIcon size={16} aria-hidden />
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setAction({ kind: 'intel', passage: p })} data-testid="passage-intel">
                      {t('callInsights.intel.action')}
                    </Menu.Item>
                    <Menu.Item onClick={() => setAction({ kind: 'source', passage: p })} data-testid="passage-source">
                      {t('callInsights.source.action')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
              <Text size="sm" mt={4} className={classes.quote} data-testid="passage-text">
                <MarkedText text={p.text} rivals={rivals} />
              </Text>
            </li>
          );
        })}
      </ol>
      {action?.kind === 'intel' && <IntelDialog call={call} passage={action.passage} onClose={() => setAction(null)} />}
      {action?.kind === 'source' && <SourceDialog call={call} passage={action.passage} onClose={() => setAction(null)} />}
    </Stack>
  );
}

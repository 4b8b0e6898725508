// The lane navigator above the board view: every lane's name as a mini map (the lanes in view are
// highlighted; a click brings a lane into view), "Lanes 1–3 of 6", and arrows that page through the
// lanes, so a rep sees that more lanes wait off screen and reaches them without the scrollbar at
// the bottom of the board. useLaneView follows the board's scroll position for it and the fade edges.
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { ChevronRightIcon } from '../brand/icons.tsx';
import classes from './Board.module.css';
import { lanesInView, pageTarget, type LaneSpan } from './boardNav.ts';
import '../i18n/areas/profileEditing.ts';

export type LaneView = { first: number; last: number; canLeft: boolean; canRight: boolean };
const NONE: LaneView = { first: -1, last: -1, canLeft: false, canRight: false };

/** The board's scroll state in lanes, and scrolling to a lane or a page of lanes. */
export function useLaneView(board: RefObject<HTMLDivElement | null>, laneRefs: RefObject<Map<number, HTMLDivElement>>, laneIds: number[]) {
  const [view, setView] = useState<LaneView>(NONE);
  const key = laneIds.join(',');

  const spans = useCallback((el: HTMLDivElement): LaneSpan[] => {
    const origin = el.getBoundingClientRect().left - el.scrollLeft;
    return key
      .split(',')
      .map((id) => laneRefs.current.get(Number(id))?.getBoundingClientRect())
      .filter((r): r is DOMRect => !!r)
      .map((r) => ({ left: r.left - origin, right: r.right - origin }));
  }, [key, laneRefs]);

  useEffect(() => {
    const el = board.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const shown = lanesInView(spans(el), el.scrollLeft, el.clientWidth);
        const max = el.scrollWidth - el.clientWidth;
        const next: LaneView = { first: shown?.first ?? -1, last: shown?.last ?? -1, canLeft: el.scrollLeft > 1, canRight: el.scrollLeft < max - 1 };
        setView((v) => (v.first === next.first && v.last === next.last && v.canLeft === next.canLeft && v.canRight === next.canRight ? v : next));
      });
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [board, spans]);

  const scrollTo = (left: number) => board.current?.scrollTo({ left, behavior: 'smooth' });
  const showLane = (index: number) => {
    const el = board.current;
    const span = el ? spans(el)[index] : undefined;
    if (span) scrollTo(span.left);
  };
  const page = (dir: 1 | -1) => {
    const el = board.current;
    if (el) scrollTo(pageTarget(spans(el), el.scrollLeft, el.clientWidth, el.scrollWidth - el.clientWidth, dir));
  };
  return { view, showLane, page };
}

type Props = { lanes: { id: number; name: string }[]; view: LaneView; onShow: (index: number) => void; onPage: (dir: 1 | -1) => void };

export function LaneNav({ lanes, view, onShow, onPage }: Props) {
  const { t } = useTranslation();
  const { first, last } = view;
  const names = useRef<HTMLElement>(null);
  // On a phone the names scroll too: keep the names of the lanes in view in sight.
  useEffect(() => {
    const row = names.current;
    const shown = row?.children[first] as HTMLElement | undefined;
    if (!row || !shown) return;
    const end = (row.children[last] as HTMLElement | undefined) ?? shown;
    if (shown.offsetLeft < row.scrollLeft || end.offsetLeft + end.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollTo({ left: shown.offsetLeft, behavior: 'smooth' });
    }
  }, [first, last]);
  const position =
    first < 0
      ? t('profileEditing.laneNav.count', { count: lanes.length })
      : first === last
        ? t('profileEditing.laneNav.one', { position: first + 1, count: lanes.length })
        : t('profileEditing.laneNav.range', { first: first + 1, last: last + 1, count: lanes.length });
  return (
    <Group gap="sm" wrap="nowrap" className={classes.nav} data-testid="lane-nav">
      <nav ref={names} className={classes.laneNames} aria-label={t('profileEditing.laneNav.label')}>
        {lanes.map((lane, i) => {
          const shown = i >= first && i <= last;
          return (
            <Button
              key={lane.id}
              size="compact-xs"
              radius="xl"
              variant={shown ? 'light' : 'subtle'}
              color={shown ? 'indigo' : 'gray'}
              fw={shown ? 600 : 500}
              style={{ flex: 'none' }}
              aria-current={shown ? 'true' : undefined}
              onClick={() => onShow(i)}
              data-testid="lane-nav-item"
              data-id={lane.id}
            >
              {lane.name}
            </Button>
          );
        })}
      </nav>
      <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
        <Text size="xs" c="dimmed" aria-live="polite" data-testid="lane-nav-position">
          {position}
        </Text>
        <Tooltip label={t('profileEditing.laneNav.previous')}>
          <ActionIcon variant="default" size="md" radius="xl" disabled={!view.canLeft} onClick={() => onPage(-1)} aria-label={t('profileEditing.laneNav.previous')} data-testid="lane-nav-prev">
            <ChevronRightIcon size={16} style={{ transform: 'scaleX(-1)' }} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('profileEditing.laneNav.next')}>
          <ActionIcon variant="default" size="md" radius="xl" disabled={!view.canRight} onClick={() => onPage(1)} aria-label={t('profileEditing.laneNav.next')} data-testid="lane-nav-next">
            <ChevronRightIcon size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

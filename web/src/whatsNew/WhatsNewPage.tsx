// /whats-new, "What's new" in the user menu's tips (part 2 §2): Rivalscope's release notes, newest first, by the day
// they shipped (written in the reader's language through Intl), each with the part of the product it is about.
// Opening the page records the newest day the reader has seen (seen.ts), which takes the user menu's mark away;
// entries after their previous visit are marked new for this visit. Staff impersonating someone record nothing:
// the person they act as has not read anything.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { Prose } from '../shared/Prose.tsx';
import { useMarkWhatsNewSeen } from './api.ts';
import { isNewSince, RELEASE_NOTES, seenThrough, type ReleaseNote } from './releaseNotes.ts';
import { hasUnreadNotes, LATEST_RELEASE_DATE } from './seen.ts';
import '../i18n/areas/whatsNew.ts';

/** The notes by day, newest day first, each day's notes in their order. */
function byDay(notes: readonly ReleaseNote[]): { day: string; notes: ReleaseNote[] }[] {
  const days = new Map<string, ReleaseNote[]>();
  for (const n of [...notes].sort((a, b) => b.date.localeCompare(a.date))) days.set(n.date, [...(days.get(n.date) ?? []), n]);
  return [...days].map(([day, list]) => ({ day, notes: list }));
}

function Note({ note, fresh }: { note: ReleaseNote; fresh: boolean }) {
  const { t } = useTranslation();
  const titleId = `release-note-${note.id}`;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-testid="release-note" data-note={note.id} data-new={fresh || undefined}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light" color="indigo" size="sm">
            {t(`whatsNew.areas.${note.area}`)}
          </Badge>
          {fresh && (
            <Badge variant="filled" color="grape" size="sm">
              {t('whatsNew.newBadge')}
            </Badge>
          )}
        </Group>
        <Title order={3} fz="h4" id={titleId}>
          {t(note.titleKey)}
        </Title>
        <Prose text={t(note.bodyKey)} />
      </Stack>
    </Paper>
  );
}

export function WhatsNewPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t('whatsNew.title')} · ${t('app.titleSuffix')}`);
  const { user } = useSession();
  // What the reader had seen when the page opened: the entries after it stay marked for this visit.
  const [seen] = useState(() => seenThrough(user.userData));
  const { mutate: markSeen } = useMarkWhatsNewSeen();
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    if (!user.isImpersonating && hasUnreadNotes(user.userData)) markSeen(LATEST_RELEASE_DATE);
  }, [markSeen, user]);

  const days = useMemo(() => byDay(RELEASE_NOTES), []);
  const fresh = RELEASE_NOTES.filter((n) => isNewSince(n.date, seen)).length;

  return (
    <Stack gap="lg" pt="md" maw={860} data-testid="page-whats-new">
      <Stack gap={4}>
        <Title order={1}>{t('whatsNew.title')}</Title>
        <Text c="dimmed">{t('whatsNew.intro')}</Text>
        {fresh > 0 && (
          <Text size="sm" fw={600} c="grape.9" data-testid="whats-new-fresh">
            {t('whatsNew.newSince', { count: fresh })}
          </Text>
        )}
      </Stack>
      <Stack gap="xl" aria-label={t('whatsNew.listLabel')} component="section">
        {days.map(({ day, notes }) => (
          <Stack key={day} gap="sm" data-testid="release-day" data-day={day}>
            <Title order={2} fz="h5" c="dimmed">
              <time dateTime={day}>{calendarDay(day, i18n.language)}</time>
            </Title>
            {notes.map((n) => (
              <Note key={n.id} note={n} fresh={isNewSince(n.date, seen)} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

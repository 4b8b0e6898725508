// Small pieces the call insights views share: a failed load with its retry, a rep's name, who spoke (the rep's side
// or the prospect's, in words and by a mark, never by colour alone) and a passage's text with the rival names marked.
import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import type { CallRep } from '../../../contracts/calls.ts';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import classes from './CallInsights.module.css';
import { rivalSegments } from './model.ts';
import '../i18n/areas/callInsights.ts';

export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  return (
    <Alert color="red" variant="light" title={t('callInsights.loadFailed')} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('callInsights.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function useRepName() {
  const { t } = useTranslation();
  return useCallback((rep: CallRep) => rep.name ?? t('callInsights.unknownRep'), [t]);
}

/** "Rep" or "Prospect": a word and a shape tell the sides apart, the colour only repeats it. */
export function SideBadge({ isRep }: { isRep: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant={isRep ? 'filled' : 'outline'} color={isRep ? 'indigo' : 'gray'} radius={isRep ? 'sm' : 'xl'} size="sm" className={classes.side} data-testid="passage-side" data-side={isRep ? 'rep' : 'prospect'}>
      {t(isRep ? 'callInsights.side.rep' : 'callInsights.side.prospect')}
    </Badge>
  );
}

/** The objection mark of a passage, in words. */
export function ObjectionBadge() {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color="red" size="sm" data-testid="passage-objection">
      {t('callInsights.objection')}
    </Badge>
  );
}

/** A passage's words as text, each rival name it is known to name marked (plain React text: nothing is read as HTML). */
export function MarkedText({ text, rivals }: { text: string; rivals: readonly { id: number; name: string }[] }) {
  const segments = useMemo(() => rivalSegments(text, rivals), [text, rivals]);
  return (
    <>
      {segments.map((s, i) =>
        s.rivalId === null ? (
          s.text
        ) : (
          <mark key={i} className={classes.rivalName} data-testid="rival-name" data-rival-id={s.rivalId}>
            {s.text}
          </mark>
        ),
      )}
    </>
  );
}

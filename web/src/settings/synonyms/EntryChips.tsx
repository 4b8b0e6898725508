// An entry as chips: "sso · single sign-on · saml" for a two-way entry, "cheaper → price pricing" (tinted)
// for a one-way one. Terms an issue points at are marked red, with a dashed edge and a warning sign, and read as
// "Problem: term".
import { Group, Pill, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { AlertIcon, ArrowRightIcon } from '../../brand/icons.tsx';
import '../../i18n/areas/companySettings.ts';

type Props = { terms: string[]; mapsTo: string[]; oneWay: boolean; bad?: { terms: Set<number>; mapsTo: Set<number> } };

/** Chips with a separator after each but the last; a chip keeps its separator (and the last one `trailing`) on its line. */
function Chips({ items, bad, separator, side, trailing }: { items: string[]; bad?: Set<number>; separator?: string; side: 'terms' | 'mapsTo'; trailing?: ReactNode }) {
  const { t } = useTranslation();
  return items.map((term, i) => (
    <span key={`${i}:${term}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: '100%' }}>
      <Pill
        size="md"
        data-testid="synonym-term"
        data-side={side}
        data-invalid={bad?.has(i) || undefined}
        styles={{
          root: {
            maxWidth: '100%',
            background: bad?.has(i) ? 'var(--mantine-color-red-1)' : side === 'mapsTo' ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-gray-1)',
            color: bad?.has(i) ? 'var(--mantine-color-red-9)' : side === 'mapsTo' ? 'var(--mantine-color-indigo-9)' : undefined,
            border: bad?.has(i) ? '1px dashed var(--mantine-color-red-6)' : '1px solid transparent',
          },
        }}
      >
        {bad?.has(i) && (
          <>
            <AlertIcon size={12} style={{ verticalAlign: -1, marginRight: 4 }} />
            <VisuallyHidden>{t('companySettings.synonyms.termProblem')} </VisuallyHidden>
          </>
        )}
        <span>{term}</span>
      </Pill>
      {i < items.length - 1 ? (
        <>
          {separator && (
            <Text span c="dimmed" size="sm" aria-hidden>
              {separator}
            </Text>
          )}
          {/* Separators are drawn for the eye; a screen reader hears a comma list. */}
          <VisuallyHidden>,</VisuallyHidden>
        </>
      ) : (
        trailing
      )}
    </span>
  ));
}

export function EntryChips({ terms, mapsTo, oneWay, bad }: Props) {
  const { t } = useTranslation();
  const arrow = (
    <Text span c="indigo.7" style={{ display: 'inline-flex' }}>
      <ArrowRightIcon size={16} />
      <VisuallyHidden>{t('companySettings.synonyms.maps')}</VisuallyHidden>
    </Text>
  );
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0, rowGap: 6 }} data-testid="synonym-chips">
      <Chips items={terms} bad={bad?.terms} separator="·" side="terms" trailing={oneWay ? arrow : undefined} />
      {oneWay && terms.length === 0 && arrow}
      {oneWay && <Chips items={mapsTo} bad={bad?.mapsTo} side="mapsTo" />}
    </Group>
  );
}

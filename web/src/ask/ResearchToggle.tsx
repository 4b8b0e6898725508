// The research-mode switch of the Ask input (curators): answers also draw on intel items.
import { Switch, Tooltip } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import '../i18n/areas/ask.ts';

export function ResearchToggle({ research }: { research: { on: boolean; set: (on: boolean) => void } }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('ask.researchHint')}>
      <Switch size="xs" label={t('ask.research')} checked={research.on} onChange={(e) => research.set(e.currentTarget.checked)} data-testid="ask-research" />
    </Tooltip>
  );
}

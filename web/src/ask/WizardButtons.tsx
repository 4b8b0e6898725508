// The buttons that start a wizard flow (part 3 §4.2), apart from the wizard itself, which loads with the chat.
import { Button, Group } from '@mantine/core';
import type { WizardFlow } from '../../../contracts/ask.ts';
import { useTranslation } from '../i18n/react.tsx';
import classes from './Ask.module.css';
import '../i18n/areas/ask.ts';

/** `oneRow`: the buttons scroll sideways in one row instead of wrapping. */
export function WizardButtons({ flows, onStart, oneRow = false }: { flows: WizardFlow[]; onStart: (f: WizardFlow) => void; oneRow?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap={oneRow ? 'nowrap' : 'wrap'} className={oneRow ? classes.chipRow : undefined}>
      {flows.map((f) => (
        <Button key={f.id} size="xs" variant="light" onClick={() => onStart(f)} data-testid="ask-wizard-start">
          {t(`ask.wizard.flows.${f.id}.title`)}
        </Button>
      ))}
    </Group>
  );
}

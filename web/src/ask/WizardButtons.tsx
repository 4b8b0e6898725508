// The buttons that start a wizard flow (part 3 §4.2), apart from the wizard itself, which loads with the chat.
import { Button, Group } from '@mantine/core';
import type { WizardFlow } from '../../../contracts/ask.ts';

export function WizardButtons({ flows, onStart }: { flows: WizardFlow[]; onStart: (f: WizardFlow) => void }) {
  return (
    <Group gap="xs">
      {flows.map((f) => (
        <Button key={f.id} size="xs" variant="light" onClick={() => onStart(f)} data-testid="ask-wizard-start">
          {f.title}
        </Button>
      ))}
    </Group>
  );
}

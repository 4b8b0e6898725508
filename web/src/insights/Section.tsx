// A titled section of the insights screens that folds away (part 3 §4.6); whether it is open is remembered in
// this browser.
import { Collapse, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import '../i18n/areas/insights.ts';

type Props = { id: string; title: string; aside?: ReactNode; children: ReactNode };

export function Section({ id, title, aside, children }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useLocalStorage({ key: `rivalscope.insights.${id}`, defaultValue: true, getInitialValueInEffect: false });
  return (
    <Stack gap="sm" component="section" aria-labelledby={`section-${id}`} data-testid={`section-${id}`} data-open={opened}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} fz="lg" id={`section-${id}`}>
          <UnstyledButton
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
            aria-controls={`section-${id}-body`}
            title={t(opened ? 'insights.section.collapse' : 'insights.section.expand', { section: title })}
            data-testid="section-toggle"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, font: 'inherit', color: 'inherit' }}
          >
            <ChevronRightIcon size={16} style={{ transition: 'transform 120ms ease', transform: opened ? 'rotate(90deg)' : undefined }} />
            {title}
          </UnstyledButton>
        </Title>
        {opened && aside}
      </Group>
      <Collapse in={opened} id={`section-${id}-body`}>
        {children}
      </Collapse>
    </Stack>
  );
}

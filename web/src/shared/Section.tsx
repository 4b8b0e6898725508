// A titled section that folds away with the chevron in its heading (part 3 §4.6: review insights, the landing
// page); whether it is open is remembered in this browser, per area and section.
import { Collapse, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ChevronRightIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';

/** `area` names the screen, so one section id in two screens keeps two states. */
type Props = { area: string; id: string; title: string; aside?: ReactNode; children: ReactNode };

export function Section({ area, id, title, aside, children }: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useLocalStorage({ key: `rivalscope.${area}.${id}`, defaultValue: true, getInitialValueInEffect: false });
  return (
    <Stack gap="sm" component="section" aria-labelledby={`section-${id}`} data-testid={`section-${id}`} data-section={id} data-open={opened}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} fz="lg" id={`section-${id}`}>
          <UnstyledButton
            onClick={() => setOpened((o) => !o)}
            aria-expanded={opened}
            aria-controls={`section-${id}-body`}
            title={t(opened ? 'section.collapse' : 'section.expand', { section: title })}
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

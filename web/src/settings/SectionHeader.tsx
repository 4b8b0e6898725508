// The head of a settings section: its name, a sentence on what it does, and an optional aside (a state
// badge, an action).
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionHeader({ title, intro, aside, children }: { title: string; intro: string; aside?: ReactNode; children?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="h3">
            {title}
          </Title>
          {aside}
        </Group>
        <Text maw={760}>{intro}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

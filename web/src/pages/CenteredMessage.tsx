// The shared look of full-page messages: not found, not authorized, authentication failed, fatal error.
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function CenteredMessage(props: {
  testId: string;
  icon?: ReactNode;
  code?: string;
  title: string;
  description: string;
  children?: ReactNode;
  fullScreen?: boolean;
}) {
  return (
    <Center mih={props.fullScreen ? '100vh' : '60vh'} p="md" data-testid={props.testId}>
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" shadow="xs">
        <Stack align="center" gap="sm" ta="center">
          {props.icon && (
            <ThemeIcon size={56} radius="xl" variant="light">
              {props.icon}
            </ThemeIcon>
          )}
          {props.code && (
            <Text fw={800} fz={44} c="indigo.7" lh={1}>
              {props.code}
            </Text>
          )}
          <Title order={1} fz="h2">
            {props.title}
          </Title>
          <Text c="dimmed">{props.description}</Text>
          {props.children}
        </Stack>
      </Paper>
    </Center>
  );
}

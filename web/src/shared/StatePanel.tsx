// The panel of a list's empty or error state: an icon, a title, a line of text, then what to do.
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon, SearchIcon } from '../brand/icons.tsx';

type Props = { kind: 'empty' | 'error'; title: string; text: string; children?: ReactNode; 'data-testid': string; 'data-kind'?: string };

export function StatePanel({ kind, title, text, children, ...data }: Props) {
  const error = kind === 'error';
  return (
    <Paper withBorder radius="md" p="xl" role={error ? 'alert' : undefined} {...data}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color={error ? 'red' : 'gray'}>
          {error ? <AlertIcon size={20} /> : <SearchIcon size={20} />}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

// The frame of the public pages (sign-in, accepting an invitation): a soft background, the logo, and one
// card in the middle, with whatever the page puts under it.
import { Box, Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../brand/Logo.tsx';

const BACKGROUND =
  'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-indigo-1), transparent), radial-gradient(900px 500px at 110% 110%, var(--mantine-color-grape-0), transparent), var(--mantine-color-gray-0)';

export function PublicCard({ width, testId, children, below }: { width: number; testId: string; children: ReactNode; below?: ReactNode }) {
  return (
    <Box mih="100vh" style={{ background: BACKGROUND }}>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <Logo size={40} />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }} data-testid={testId}>
            {children}
          </Paper>
          {below}
        </Stack>
      </Center>
    </Box>
  );
}

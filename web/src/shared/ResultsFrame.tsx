// Pieces shared by the result pages (/search, /alerts): results kept readable under a thin bar while
// newer ones load, and the filter sidebar: 245 px wide on desktop, a left drawer on narrow screens.
import { Box, Drawer, Progress } from '@mantine/core';
import type { ReactNode } from 'react';

export const SIDEBAR_WIDTH = 245;

export function StaleResults({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <Box pos="relative">
      {stale && <Progress value={100} animated size={2} pos="absolute" top={-8} left={0} right={0} aria-hidden />}
      {children}
    </Box>
  );
}

export function FiltersDrawer({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} size={300} position="left">
      {children}
    </Drawer>
  );
}

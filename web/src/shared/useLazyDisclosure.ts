// An open/closed state (Mantine's useDisclosure) whose content is mounted from its first opening on: a lazily
// loaded dialog downloads when first opened, then stays mounted so that closing keeps its transition.
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

export function useLazyDisclosure() {
  const [opened, { open: show, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  const open = () => {
    setMounted(true);
    show();
  };
  return [opened, mounted, { open, close }] as const;
}

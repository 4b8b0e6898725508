// Submit intel, for users who are neither curator nor admin (part 2 §2, §4 Submit intel): the nav button,
// and the dialog (SubmitIntelDialog.tsx) loaded when it is first opened, kept mounted so it closes smoothly.
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../app/chunkReload.ts';
import { SendIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';

const SubmitIntelDialog = lazyComponent(() => import('./SubmitIntelDialog.tsx'), 'SubmitIntelDialog');

export function SubmitIntelButton() {
  const { t } = useTranslation();
  const [opened, { open: show, close }] = useDisclosure(false);
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    show();
  };
  return (
    <>
      <Button visibleFrom="xs" variant="light" leftSection={<SendIcon size={16} />} onClick={open} data-testid="submit-intel">
        {t('nav.submitIntel')}
      </Button>
      <Tooltip label={t('nav.submitIntel')}>
        <ActionIcon hiddenFrom="xs" variant="light" size="lg" onClick={open} aria-label={t('nav.submitIntel')}>
          <SendIcon size={18} />
        </ActionIcon>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <SubmitIntelDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

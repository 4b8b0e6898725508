// Submit intel, for users who are neither curator nor admin (part 2 §2, §4 Submit intel): the nav button,
// and the dialog (SubmitIntelDialog.tsx) loaded when it is first opened, kept mounted so it closes smoothly.
import { ActionIcon, Button } from '@mantine/core';
import { Suspense } from 'react';
import { lazyComponent } from '../core/chunkReload.ts';
import { SendIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLazyDisclosure } from '../shared/useLazyDisclosure.ts';

const SubmitIntelDialog = lazyComponent(() => import('./SubmitIntelDialog.tsx'), 'SubmitIntelDialog');

export function SubmitIntelButton() {
  const { t } = useTranslation();
  const [opened, mounted, { open, close }] = useLazyDisclosure();
  return (
    <>
      <Button visibleFrom="xs" variant="light" leftSection={<SendIcon size={16} />} onClick={open} data-testid="submit-intel">
        {t('nav.submitIntel')}
      </Button>
      {/* Phones only, so no hover tooltip: a tap's emulated hover opened one that stayed over the page. */}
      <ActionIcon hiddenFrom="xs" variant="light" size="lg" onClick={open} aria-label={t('nav.submitIntel')}>
        <SendIcon size={18} />
      </ActionIcon>
      {mounted && (
        <Suspense fallback={null}>
          <SubmitIntelDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

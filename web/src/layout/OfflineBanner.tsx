// The offline banner (part 2 §4): shown while the browser is offline, dismissible, and shown again
// when the browser goes offline anew.
import { Alert, Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { WifiOffIcon } from '../brand/icons.tsx';

export function OfflineBanner() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => {
      setOnline(false);
      setDismissed(false);
    };
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  if (online || dismissed) return null;
  return (
    <Box
      pos="fixed"
      bottom={16}
      left={0}
      right={0}
      px="md"
      style={{ zIndex: 400, display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
    >
      <Alert
        data-testid="offline-banner"
        role="status"
        color="dark"
        variant="filled"
        icon={<WifiOffIcon />}
        withCloseButton
        closeButtonLabel={t('offline.dismiss')}
        onClose={() => setDismissed(true)}
        maw={600}
        w="100%"
        style={{ pointerEvents: 'auto' }}
        radius="md"
      >
        {t('offlineMessage')}
      </Alert>
    </Box>
  );
}

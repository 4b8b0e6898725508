// Whether the extension is installed in this browser (detect.ts): its version and the address it is connected to,
// or the rejection in words with what to do. Checked when the page opens, when the window gets focus again (after
// installing it in another tab) and on "Check again".
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ExtensionPong } from '../../../contracts/extension.ts';
import { AlertIcon, CheckIcon, InfoIcon, RefreshIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { detectExtension, type ExtensionStatus } from './detect.ts';
import classes from './ExtensionGuide.module.css';
import '../i18n/areas/extensionGuide.ts';

function StateBadge({ status }: { status: ExtensionStatus }) {
  const { t } = useTranslation();
  if (status.state === 'installed')
    return (
      <Badge variant="light" color="teal" leftSection={<CheckIcon size={12} />}>
        {t('extensionGuide.status.installed')}
      </Badge>
    );
  const missing = status.reason === 'not_installed';
  return (
    <Badge variant="light" color={missing ? 'orange' : 'gray'} leftSection={missing ? <InfoIcon size={12} /> : <AlertIcon size={12} />}>
      {missing ? t('extensionGuide.status.notReady') : t('extensionGuide.status.unsupported')}
    </Badge>
  );
}

function Installed({ pong }: { pong: ExtensionPong }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const connection = pong.connectedHere
    ? t('extensionGuide.status.connectedHere')
    : pong.productUrl
      ? t('extensionGuide.status.connectedElsewhere', { url: pong.productUrl, origin })
      : t('extensionGuide.status.notConnected');
  return (
    <dl className={classes.facts}>
      <dt>{t('extensionGuide.status.version')}</dt>
      <dd data-testid="extension-version">{pong.version}</dd>
      <dt>{t('extensionGuide.status.connection')}</dt>
      <dd data-testid="extension-connection" data-connected={pong.connectedHere}>
        {connection}
      </dd>
    </dl>
  );
}

export function StatusCard() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['extension', 'detect'],
    queryFn: () => detectExtension(),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: true,
  });
  const data = status.data;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      className={classes.section}
      aria-labelledby="extension-status-title"
      aria-busy={status.isFetching}
      data-testid="extension-status"
      data-state={data ? (data.state === 'installed' ? 'installed' : data.reason) : 'checking'}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="extension-status-title">
              {t('extensionGuide.status.title')}
            </Title>
            {data && <StateBadge status={data} />}
          </Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<RefreshIcon size={14} />}
            loading={status.isFetching}
            onClick={() => void status.refetch()}
            data-testid="extension-status-check"
          >
            {t('extensionGuide.status.checkAgain')}
          </Button>
        </Group>
        <div role="status">
          {!data ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('extensionGuide.status.checking')}</Text>
            </Group>
          ) : data.state === 'installed' ? (
            <Installed pong={data.pong} />
          ) : (
            <Text size="sm" data-testid="extension-status-reason">
              {t(`extensionGuide.status.reasons.${data.reason}`)}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

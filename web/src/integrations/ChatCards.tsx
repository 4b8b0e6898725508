// The Slack and Microsoft Teams cards: the connection's state in words (why it is broken, too), who connected it and
// when, and for admins connect, disconnect after a confirm, Teams' settings and the routing rules.
import { Alert, Button, Checkbox, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ChatIntegration, ChatProvider, IntegrationsOverview } from '../../../contracts/integrations.ts';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { RelativeTime } from '../shared/RelativeTime.tsx';
import { ConfirmModal } from '../settings/users/ConfirmModal.tsx';
import { CopyField } from '../shared/CopyField.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useConnectTeams, useDisconnect } from './api.ts';
import { ConnectionBadge } from './IntegrationBits.tsx';
import { RoutesSection } from './RoutesSection.tsx';
import classes from './Integrations.module.css';
import '../i18n/areas/integrations.ts';

export const SLACK_INSTALL_PATH = '/api/integrations/slack/install';
export const TEAMS_MESSAGES_PATH = '/api/integrations/teams/messages';

/** A card of the page: its name and state, what it does, then what the integration shows. */
export function IntegrationCard({ id, title, state, description, children }: { id: string; title: string; state?: ReactNode; description: string; children?: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="md" className={classes.card} aria-labelledby={`${id}-title`} data-testid={`integration-${id}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={`${id}-title`}>
            {title}
          </Title>
          {state}
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Connection({ integration, provider }: { integration: ChatIntegration; provider: ChatProvider }) {
  const { t } = useTranslation();
  if (integration.state === 'not_connected') return null;
  return (
    <Stack gap={6}>
      {integration.state === 'broken' && integration.error && (
        <Alert color="red" data-testid="integration-error">
          {integration.error}
        </Alert>
      )}
      <dl className={classes.facts}>
        {provider === 'slack' && integration.teamName && (
          <>
            <dt>{t('integrations.slack.workspace')}</dt>
            <dd data-testid="slack-workspace">{integration.teamName}</dd>
          </>
        )}
        {integration.connectedAt && (
          <>
            <dt>{t('integrations.connectedAt')}</dt>
            <dd>
              <RelativeTime at={integration.connectedAt} />
              {integration.connectedBy && ` · ${t('integrations.connectedBy', { name: integration.connectedBy.name })}`}
            </dd>
          </>
        )}
      </dl>
    </Stack>
  );
}

function DisconnectButton({ provider }: { provider: ChatProvider }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnect();
  return (
    <>
      <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid={`${provider}-disconnect`}>
        {t(`integrations.${provider}.disconnect`)}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t(`integrations.${provider}.disconnectTitle`)}
        body={t(`integrations.${provider}.disconnectBody`)}
        action={t(`integrations.${provider}.disconnect`)}
        busy={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(provider, {
            onSuccess: () => {
              setConfirming(false);
              toastSuccess(t(`integrations.${provider}.disconnected`));
            },
            onError: (err) => toastError(t(`integrations.${provider}.disconnect`), err),
          })
        }
        testId={`${provider}-disconnect-confirm`}
      />
    </>
  );
}

export function SlackCard({ overview }: { overview: IntegrationsOverview }) {
  const { t } = useTranslation();
  const slack = overview.slack;
  const connected = slack.state !== 'not_connected';
  return (
    <IntegrationCard id="slack" title={t('integrations.slack.name')} state={<ConnectionBadge state={slack.state} />} description={t('integrations.slack.description')}>
      <Connection integration={slack} provider="slack" />
      {overview.canManage && (
        <>
          {!slack.installable && !connected && <Text size="sm">{t('integrations.slack.notInstallable')}</Text>}
          <Group gap="sm">
            {slack.installable && slack.state !== 'connected' && (
              <Button component="a" href={SLACK_INSTALL_PATH} data-testid="slack-connect">
                {connected ? t('integrations.slack.reconnect') : t('integrations.slack.connect')}
              </Button>
            )}
            {connected && <DisconnectButton provider="slack" />}
          </Group>
          {connected && <RoutesSection provider="slack" providerName={t('integrations.slack.name')} />}
        </>
      )}
    </IntegrationCard>
  );
}

/** Connecting Teams, or its settings once connected: the outgoing webhook's secret (optional), set, kept or removed. */
function TeamsDialog({ connected, onClose }: { connected: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const phone = usePhone();
  const [secret, setSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  const connect = useConnectTeams();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = removeSecret ? { outgoingWebhookSecret: null } : secret.trim() ? { outgoingWebhookSecret: secret.trim() } : {};
    connect.mutate(body, {
      onSuccess: () => {
        toastSuccess(t(connected ? 'integrations.teams.saved' : 'integrations.teams.connected'));
        onClose();
      },
    });
  };
  const secretError = connect.error ? (fieldError(connect.error, 'outgoingWebhookSecret') ?? errorText(connect.error)) : null;
  return (
    <Modal opened onClose={onClose} title={connected ? t('integrations.teams.settings') : t('integrations.teams.connectTitle')} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': t('integrations.close') }} centered>
      <form onSubmit={submit} noValidate data-testid="teams-form">
        <Stack gap="md">
          <Text size="sm">{t('integrations.teams.secretHelp')}</Text>
          <CopyField label={t('integrations.teams.callbackUrl')} value={`${window.location.origin}${TEAMS_MESSAGES_PATH}`} testId="teams-callback" monospace />
          <PasswordInput
            label={t('integrations.teams.secret')}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            disabled={removeSecret}
            maxLength={200}
            autoComplete="off"
            error={secretError}
            data-testid="teams-secret"
          />
          {connected && <Checkbox label={t('integrations.teams.removeSecret')} checked={removeSecret} onChange={(e) => setRemoveSecret(e.currentTarget.checked)} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('integrations.cancel')}
            </Button>
            <Button type="submit" loading={connect.isPending} data-testid="teams-save">
              {connected ? t('integrations.save') : t('integrations.teams.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function TeamsCard({ overview }: { overview: IntegrationsOverview }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const teams = overview.teams;
  const connected = teams.state !== 'not_connected';
  return (
    <IntegrationCard id="teams" title={t('integrations.teams.name')} state={<ConnectionBadge state={teams.state} />} description={t('integrations.teams.description')}>
      <Connection integration={teams} provider="teams" />
      {overview.canManage && (
        <>
          <Group gap="sm">
            <Button variant={connected ? 'default' : 'filled'} onClick={() => setEditing(true)} data-testid="teams-connect">
              {connected ? t('integrations.teams.settings') : t('integrations.teams.connect')}
            </Button>
            {connected && <DisconnectButton provider="teams" />}
          </Group>
          {connected && <RoutesSection provider="teams" providerName={t('integrations.teams.name')} />}
        </>
      )}
      {editing && <TeamsDialog connected={connected} onClose={() => setEditing(false)} />}
    </IntegrationCard>
  );
}


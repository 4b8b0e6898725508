// The Salesforce card (issue #56, admins): the connection's state in words, the settings (login URL, connected app,
// where rivals come from), Connect (to Salesforce's authorize page), Sync now, Disconnect after a confirm, the last
// sync and the last error. Coming back from Salesforce, `?salesforce=connected|error&reason=` shows as a banner.
import { Alert, Badge, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { CrmConnection, CrmConnectionBody } from '../../../contracts/deals.ts';
import { api } from '../api/client.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, CheckIcon, ClockIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { RelativeTime } from '../shared/RelativeTime.tsx';
import { ConfirmModal } from '../settings/users/ConfirmModal.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { IntegrationCard } from './ChatCards.tsx';
import classes from './Integrations.module.css';
import '../i18n/areas/integrations.ts';

const PATH = '/api/integrations/salesforce';
const KEY = ['integrations', 'salesforce'] as const;

function useSalesforce() {
  const client = useQueryClient();
  const connection = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<CrmConnection>(PATH, { signal }),
    // A sync in progress is watched until it ends.
    refetchInterval: (q) => (q.state.data?.state === 'syncing' ? 2_000 : false),
  });
  const onSuccess = () => client.invalidateQueries({ queryKey: KEY });
  return {
    connection,
    save: useMutation({ mutationFn: (body: CrmConnectionBody) => api<CrmConnection>(PATH, { method: 'PUT', body }), onSuccess }),
    authorize: useMutation({ mutationFn: () => api<{ url: string }>(`${PATH}/authorize`, { method: 'POST' }) }),
    sync: useMutation({ mutationFn: () => api<CrmConnection>(`${PATH}/sync`, { method: 'POST' }), onSuccess }),
    disconnect: useMutation({ mutationFn: () => api<void>(PATH, { method: 'DELETE' }), onSuccess }),
  };
}

function StateBadge({ state }: { state: CrmConnection['state'] }) {
  const { t } = useTranslation();
  const [color, Icon] =
    state === 'connected' ? (['teal', CheckIcon] as const) : state === 'error' ? (['red', AlertIcon] as const) : state === 'syncing' ? (['blue', ClockIcon] as const) : (['gray', null] as const);
  return (
    <Badge variant="light" color={color} leftSection={Icon ? <Icon size={12} /> : undefined} data-testid="salesforce-state" data-state={state}>
      {t(`integrations.salesforce.states.${state}`)}
    </Badge>
  );
}

/** Salesforce's redirect back: connected, or why not. */
function ResultBanner() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('salesforce');
  if (outcome !== 'connected' && outcome !== 'error') return null;
  const reason = params.get('reason') ?? '';
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete('salesforce');
        p.delete('reason');
        return p;
      },
      { replace: true },
    );
  const words = reason === 'state_invalid' || reason === 'access_denied' ? t(`integrations.salesforce.reasons.${reason}`) : t('integrations.salesforce.reasons.other', { code: reason });
  return (
    <Alert color={outcome === 'connected' ? 'teal' : 'red'} withCloseButton closeButtonLabel={t('integrations.banner.dismiss')} onClose={dismiss} role={outcome === 'connected' ? 'status' : 'alert'} data-testid="salesforce-banner">
      {outcome === 'connected' ? t('integrations.salesforce.connectedBanner') : t('integrations.salesforce.errorBanner', { reason: words })}
    </Alert>
  );
}

function SettingsForm({ connection, onSaved }: { connection: CrmConnection; onSaved: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const { save } = useSalesforce();
  const [loginUrl, setLoginUrl] = useState(connection.loginUrl);
  const [clientId, setClientId] = useState(connection.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [competitorSource, setCompetitorSource] = useState(connection.competitorSource);
  const [competitorField, setCompetitorField] = useState(connection.competitorField);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { loginUrl: loginUrl.trim(), clientId: clientId.trim(), clientSecret: clientSecret.trim() || undefined, competitorSource, competitorField: competitorField.trim() },
      {
        onSuccess: () => {
          setClientSecret('');
          toastSuccess(t('integrations.salesforce.saved'));
          onSaved();
        },
      },
    );
  };
  const err = (field: string) => (save.error ? fieldError(save.error, field) : null);
  const general = save.error && !['loginUrl', 'clientId', 'clientSecret', 'competitorField'].some((f) => err(f)) ? errorText(save.error) : null;
  return (
    <form onSubmit={submit} noValidate data-testid="salesforce-form">
      <Stack gap="sm">
        <TextInput label={t('integrations.salesforce.loginUrl')} description={t('integrations.salesforce.loginUrlHelp')} value={loginUrl} onChange={(e) => setLoginUrl(e.currentTarget.value)} error={err('loginUrl')} required data-testid="salesforce-login-url" />
        <TextInput label={t('integrations.salesforce.clientId')} value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} error={err('clientId')} required autoComplete="off" data-testid="salesforce-client-id" />
        <PasswordInput
          label={t('integrations.salesforce.clientSecret')}
          description={connection.hasClientSecret ? t('integrations.salesforce.secretKept') : undefined}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.currentTarget.value)}
          error={err('clientSecret')}
          autoComplete="off"
          data-testid="salesforce-client-secret"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="salesforce-competitors">
            {t('integrations.salesforce.competitors')}
          </Text>
          <SegmentedControl
            aria-labelledby="salesforce-competitors"
            value={competitorSource}
            onChange={(v) => setCompetitorSource(v as CrmConnection['competitorSource'])}
            data={[
              { value: 'opportunityCompetitor', label: t('integrations.salesforce.fromCompetitors') },
              { value: 'field', label: t('integrations.salesforce.fromField') },
            ]}
            data-testid="salesforce-competitor-source"
          />
        </Stack>
        {competitorSource === 'field' && (
          <TextInput label={t('integrations.salesforce.competitorField')} value={competitorField} onChange={(e) => setCompetitorField(e.currentTarget.value)} error={err('competitorField')} data-testid="salesforce-competitor-field" />
        )}
        {general && <Alert color="red">{general}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="salesforce-save">
            {t('integrations.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SalesforceCard() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { connection, authorize, sync, disconnect } = useSalesforce();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const c = connection.data;
  const tokens = c !== undefined && c.state !== 'disconnected';
  const configured = c !== undefined && c.hasClientSecret;
  const connect = () =>
    authorize.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toastError(t('integrations.salesforce.connect'), err),
    });
  return (
    <IntegrationCard id="salesforce" title={t('integrations.salesforce.name')} state={c && <StateBadge state={c.state} />} description={t('integrations.salesforce.description')}>
      <ResultBanner />
      {connection.isError && <Alert color="red">{errorText(connection.error)}</Alert>}
      {c && (
        <>
          {c.state === 'error' && c.lastError && (
            <Alert color="red" data-testid="salesforce-error">
              {c.lastError}
            </Alert>
          )}
          {tokens && (
            <dl className={classes.facts}>
              <dt>{t('integrations.salesforce.instance')}</dt>
              <dd data-testid="salesforce-instance">{c.instanceUrl}</dd>
              {c.connectedAs && (
                <>
                  <dt>{t('integrations.salesforce.connectedAs')}</dt>
                  <dd>{c.connectedAs}</dd>
                </>
              )}
              <dt>{t('integrations.salesforce.lastSync')}</dt>
              <dd data-testid="salesforce-last-sync">
                {c.lastSyncAt ? <RelativeTime at={c.lastSyncAt} /> : t('integrations.salesforce.never')}
                {` · ${t('integrations.salesforce.synced', { count: c.lastSyncCount })}`}
              </dd>
              <dt>{t('integrations.salesforce.deals')}</dt>
              <dd data-testid="salesforce-deals">{c.deals}</dd>
            </dl>
          )}
          <Group gap="sm">
            {configured && c.state !== 'connected' && c.state !== 'syncing' && (
              <Button onClick={connect} loading={authorize.isPending} data-testid="salesforce-connect">
                {tokens ? t('integrations.salesforce.reconnect') : t('integrations.salesforce.connect')}
              </Button>
            )}
            {tokens && (
              <Button variant="light" onClick={() => sync.mutate(undefined, { onError: (err) => toastError(t('integrations.salesforce.syncNow'), err) })} loading={sync.isPending} disabled={c.state === 'syncing'} data-testid="salesforce-sync">
                {t('integrations.salesforce.syncNow')}
              </Button>
            )}
            <Button variant="default" onClick={() => setEditing((e) => !e)} data-testid="salesforce-settings">
              {configured ? t('integrations.salesforce.settings') : t('integrations.salesforce.setUp')}
            </Button>
            {tokens && (
              <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid="salesforce-disconnect">
                {t('integrations.salesforce.disconnect')}
              </Button>
            )}
          </Group>
          {editing && <SettingsForm connection={c} onSaved={() => setEditing(false)} />}
        </>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('integrations.salesforce.disconnectTitle')}
        body={t('integrations.salesforce.disconnectBody')}
        action={t('integrations.salesforce.disconnect')}
        busy={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toastSuccess(t('integrations.salesforce.disconnected'));
            },
            onError: (err) => toastError(t('integrations.salesforce.disconnect'), err),
          })
        }
        testId="salesforce-disconnect-confirm"
      />
    </IntegrationCard>
  );
}

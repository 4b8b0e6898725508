// The integrations screen (/integrations; issue #54, part 1 §2): Slack, Microsoft Teams, webhooks and Salesforce (issue #56), one card each,
// and a card leading to the browser extension's guide (issue #55).
// Everyone signed in sees what is connected; admins connect, disconnect, route and read the delivery logs. Coming
// back from Slack's install, `?connected=slack` or `?error=<reason>` shows as a banner until dismissed.
import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { EXTENSION_GUIDE_PATH } from '../../../contracts/extension.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, ArrowRightIcon, CheckIcon, InfoIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useOverview } from './api.ts';
import { IntegrationCard, SlackCard, TeamsCard } from './ChatCards.tsx';
import { SalesforceCard } from './SalesforceCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';
import classes from './Integrations.module.css';
import '../i18n/areas/integrations.ts';

/** Reasons of a failed Slack install with words of their own; any other is quoted. */
const KNOWN_REASONS = ['access_denied', 'invalid_state'] as const;

function ResultBanner() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const error = params.get('error');
  if (connected !== 'slack' && error === null) return null;
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete('connected');
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  const known = KNOWN_REASONS.find((r) => r === error);
  const reason = known ? t(`integrations.banner.reasons.${known}`) : t('integrations.banner.reasons.other', { code: error ?? '' });
  return (
    <Alert
      color={error === null ? 'teal' : 'red'}
      icon={error === null ? <CheckIcon size={16} /> : <AlertIcon size={16} />}
      withCloseButton
      closeButtonLabel={t('integrations.banner.dismiss')}
      onClose={dismiss}
      role={error === null ? 'status' : 'alert'}
      data-testid="integrations-banner"
    >
      {error === null ? t('integrations.banner.connected') : t('integrations.banner.error', { reason })}
    </Alert>
  );
}

export function IntegrationsPage() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  useDocumentTitle(`${t('integrations.title')} · ${t('app.titleSuffix')}`);
  const overview = useOverview();
  return (
    <Container size="lg" py="lg" data-testid="page-integrations">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('integrations.title')}</Title>
          <Text c="dimmed">{t('integrations.intro')}</Text>
        </Stack>
        <ResultBanner />
        {overview.isPending ? (
          <Stack gap="md">
            <Skeleton height={140} />
            <Skeleton height={140} />
          </Stack>
        ) : overview.isError ? (
          <Alert color="red" title={t('integrations.loadFailed')}>
            <Group gap="sm">
              <Text size="sm">{errorText(overview.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void overview.refetch()}>
                {t('integrations.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <>
            {!overview.data.canManage && (
              <Alert color="blue" icon={<InfoIcon size={16} />} data-testid="integrations-view-only">
                {t('integrations.viewOnly')}
              </Alert>
            )}
            <div className={classes.grid}>
              <SlackCard overview={overview.data} />
              <TeamsCard overview={overview.data} />
              {overview.data.webhooks ? (
                <WebhooksCard counts={overview.data.webhooks} />
              ) : (
                <IntegrationCard id="webhooks" title={t('integrations.webhooks.name')} description={t('integrations.webhooks.description')} />
              )}
              {overview.data.canManage ? (
                <SalesforceCard />
              ) : (
                <IntegrationCard id="salesforce" title={t('integrations.salesforce.name')} description={t('integrations.salesforce.description')} />
              )}
              <IntegrationCard id="extension" title={t('integrations.extension.name')} description={t('integrations.extension.description')}>
                <Group>
                  <Button component={Link} to={EXTENSION_GUIDE_PATH} variant="light" rightSection={<ArrowRightIcon size={16} />} data-testid="integrations-extension-guide">
                    {t('integrations.extension.open')}
                  </Button>
                </Group>
              </IntegrationCard>
            </div>
          </>
        )}
      </Stack>
    </Container>
  );
}

// The guide's steps for everyone: Install (the zip the server stamps with this address, and loading it unpacked in
// Chrome or Edge), Connect (this address and a personal API token of scope "extension", shown once) and Use (what
// the extension does, and that revoking its token stops it).
import { Alert, Anchor, Button, Code, CopyButton, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApiTokenCreated } from '../../../contracts/apiTokens.ts';
import { EXTENSION_ZIP_PATH } from '../../../contracts/extension.ts';
import { useErrorText } from '../api/errorText.ts';
import { useCreateToken } from '../apiTokens/api.ts';
import { ArrowRightIcon, BanIcon, CardIcon, CheckIcon, InfoIcon, KeyIcon, SearchIcon, SendIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { CopyField } from '../shared/CopyField.tsx';
import classes from './ExtensionGuide.module.css';
import '../i18n/areas/extensionGuide.ts';

/** The extension's token: what it may do and how long it lives (contracts/apiTokens.ts). */
export const EXTENSION_TOKEN = { scopes: ['extension'], expiresInDays: 90 } as const;
/** Where one's own tokens are listed and revoked. */
export const TOKENS_PATH = '/settings/profile';
/** Each browser's extensions page, by the browser's name. */
const EXTENSIONS_PAGES = [
  ['Chrome', 'chrome://extensions'],
  ['Edge', 'edge://extensions'],
] as const;

/** A numbered section of the guide: its title, what it is for, then its content. */
export function GuideSection({ id, step, title, intro, children }: { id: string; step?: number; title: string; intro?: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.section} aria-labelledby={`extension-${id}-title`} data-testid={`extension-${id}`}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          {step !== undefined && (
            <ThemeIcon size={32} radius="xl" variant="filled" color="indigo" aria-hidden>
              <Text fw={700} size="sm" component="span">
                {step}
              </Text>
            </ThemeIcon>
          )}
          <Title order={2} size="h3" id={`extension-${id}-title`} className={classes.breakAnywhere}>
            {title}
          </Title>
        </Group>
        {intro && <Text c="dimmed">{intro}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

/** A browser page to type into the address bar (a page cannot link to it), with a copy button. */
function BrowserPage({ browser, url }: { browser: string; url: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text size="sm" fw={600} component="span">
        {browser}
      </Text>
      <Code className={classes.noWrap}>{url}</Code>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <CheckIcon size={12} /> : null} aria-label={`${t('app.copy')} ${url}`}>
            {copied ? t('app.copied') : t('app.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function InstallSection() {
  const { t } = useTranslation();
  return (
    <GuideSection id="install" step={1} title={t('extensionGuide.install.title')} intro={t('extensionGuide.install.intro')}>
      <Group gap="sm" align="center">
        <Button component="a" href={EXTENSION_ZIP_PATH} download size="md" data-testid="extension-download">
          {t('extensionGuide.install.download')}
        </Button>
        <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
          {t('extensionGuide.install.downloadHint', { origin: window.location.origin })}
        </Text>
      </Group>
      <ol className={classes.steps} data-testid="extension-install-steps">
        <li>
          <span>{t('extensionGuide.install.steps.unzip')}</span>
        </li>
        <li>
          <Stack gap={6}>
            <span>{t('extensionGuide.install.steps.open')}</span>
            <Group gap="lg" style={{ rowGap: 4 }} data-testid="extension-pages">
              {EXTENSIONS_PAGES.map(([browser, url]) => (
                <BrowserPage key={url} browser={browser} url={url} />
              ))}
            </Group>
          </Stack>
        </li>
        <li>
          <span>{t('extensionGuide.install.steps.developer')}</span>
        </li>
        <li>
          <span>{t('extensionGuide.install.steps.load')}</span>
        </li>
      </ol>
    </GuideSection>
  );
}

export function ConnectSection() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const create = useCreateToken();
  // The token leaves memory with the page: it is never shown again.
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const makeToken = () => create.mutate({ name: t('extensionGuide.connect.tokenName'), scopes: [...EXTENSION_TOKEN.scopes], expiresInDays: EXTENSION_TOKEN.expiresInDays }, { onSuccess: setCreated });
  return (
    <GuideSection id="connect" step={2} title={t('extensionGuide.connect.title')} intro={t('extensionGuide.connect.intro')}>
      <CopyField label={t('extensionGuide.connect.address')} value={window.location.origin} testId="extension-address" monospace />
      {created ? (
        <Stack gap="sm" data-testid="extension-token-created">
          <Alert color="orange" variant="light" icon={<InfoIcon size={18} />}>
            {t('extensionGuide.connect.shownOnce')}
          </Alert>
          <CopyField label={t('extensionGuide.connect.tokenLabel')} value={created.token} testId="extension-token-value" monospace />
          <Text size="sm" c="dimmed">
            {t('extensionGuide.connect.tokenHint')}
          </Text>
        </Stack>
      ) : (
        <Group>
          <Button
            leftSection={<KeyIcon size={16} />}
            loading={create.isPending}
            onClick={makeToken}
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            data-testid="extension-token-create"
          >
            {t('extensionGuide.connect.createToken')}
          </Button>
        </Group>
      )}
      {create.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="extension-token-error">
          {t('extensionGuide.connect.createFailed', { error: errorText(create.error) })}
        </Alert>
      )}
      <Anchor component={Link} to={TOKENS_PATH} size="sm" data-testid="extension-tokens-link">
        <Group gap={4} component="span" wrap="nowrap">
          {t('extensionGuide.connect.revoke')}
          <ArrowRightIcon size={14} />
        </Group>
      </Anchor>
    </GuideSection>
  );
}

const USES = [
  ['search', SearchIcon],
  ['badges', CardIcon],
  ['send', SendIcon],
  ['revoke', BanIcon],
] as const;

export function UseSection() {
  const { t } = useTranslation();
  return (
    <GuideSection id="use" step={3} title={t('extensionGuide.use.title')}>
      <div className={classes.uses}>
        {USES.map(([key, Icon]) => (
          <Group key={key} gap="sm" align="flex-start" wrap="nowrap" data-testid={`extension-use-${key}`}>
            <ThemeIcon size={40} radius="md" variant="light" color={key === 'revoke' ? 'red' : 'indigo'} aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
            <Stack gap={2} className={classes.breakAnywhere}>
              <Title order={3} size="h5">
                {t(`extensionGuide.use.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`extensionGuide.use.${key}.text`)}
              </Text>
            </Stack>
          </Group>
        ))}
      </div>
    </GuideSection>
  );
}

// Setting up two-step verification, in the profile and on the enrollment screen a company's requirement leads to: the
// server makes a secret, shown as the otpauth:// address (no QR library here: copy it to the phone, or type the key),
// the first code turns it on, and the recovery codes are shown once to copy or download.
import { Alert, Button, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from './api.ts';
import '../i18n/areas/account.ts';

/** A read-only value with a copy button beside it. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} styles={{ input: { fontFamily: 'monospace' } }} data-testid={testId} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} miw={96}>
            {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** Starts a setup, then asks for the first code; `onCodes` gets the recovery codes once it is on. */
export function TwoFactorSetup({ onCodes, onCancel }: { onCodes: (codes: string[]) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const valid = /^\d{6}$/.test(code.trim());

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        {start.error && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(start.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="two-factor-start">
            {t('account.twoFactor.turnOn')}
          </Button>
          {onCancel && (
            <Button variant="subtle" onClick={onCancel}>
              {t('account.twoFactor.setup.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (valid) confirm.mutate(code.trim(), { onSuccess: (res) => onCodes(res.recoveryCodes) });
  };
  const codeError = fieldErrors(confirm.error).code ?? (tried && !valid ? t('account.twoFactor.codeRule') : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560} data-testid="two-factor-setup">
        <Text size="sm">{t('account.twoFactor.setup.step1')}</Text>
        <CopyField label={t('account.twoFactor.setup.uri')} value={start.data.uri} testId="two-factor-uri" />
        <CopyField label={t('account.twoFactor.setup.secret')} value={start.data.secret} testId="two-factor-secret" />
        <Text size="sm">{t('account.twoFactor.setup.step2')}</Text>
        {confirm.error && !fieldErrors(confirm.error).code && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        <TextInput
          label={t('account.twoFactor.setup.code')}
          value={code}
          onChange={(e) => {
            confirm.reset();
            setCode(e.currentTarget.value);
          }}
          error={codeError}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          w={160}
          data-testid="two-factor-code"
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
            {t('account.twoFactor.setup.confirm')}
          </Button>
          {onCancel && (
            <Button variant="subtle" onClick={onCancel}>
              {t('account.twoFactor.setup.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** Recovery codes as shown once: copy all, download as a text file, and say they are saved. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: t('account.twoFactor.codes.fileName') });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" data-testid="two-factor-recovery-codes">
      <Title order={3} fz="h4">
        {t('account.twoFactor.codes.title')}
      </Title>
      <Text size="sm">{t('account.twoFactor.codes.intro')}</Text>
      <List spacing={2} ff="monospace" listStyleType="none" data-testid="two-factor-code-list">
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {t('account.twoFactor.codes.download')}
        </Button>
        <Button onClick={onDone} data-testid="two-factor-codes-done">
          {t('account.twoFactor.codes.done')}
        </Button>
      </Group>
    </Stack>
  );
}

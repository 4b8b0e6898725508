// The profile's two-step verification: whether it is on, turning it on (TwoFactorSetup), and turning it off or making
// new recovery codes, each after the user proves it is them again with a current code or their password.
import { Alert, Badge, Button, Group, Modal, Paper, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { shortDate } from '../shared/dates.ts';
import { toastSuccess } from '../shared/toast.ts';
import { useDisableTwoFactor, useNewRecoveryCodes, useTwoFactorStatus, type TwoFactorProof } from './api.ts';
import { RecoveryCodesView, TwoFactorSetup } from './TwoFactorSetup.tsx';
import '../i18n/areas/account.ts';

type Mode = 'idle' | 'setup' | 'off' | 'newCodes';

export function TwoFactorPanel() {
  const { t, i18n } = useTranslation();
  const status = useTwoFactorStatus();
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  const showCodes = (shown: string[]) => {
    setMode('idle');
    setCodes(shown);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="two-factor-panel">
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} fz="h3">
              {t('account.twoFactor.title')}
            </Title>
            {status.data && (
              <Badge color={status.data.enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-state">
                {status.data.enabled && status.data.enabledAt ? t('account.twoFactor.on', { date: shortDate(status.data.enabledAt, i18n.language) }) : t('account.twoFactor.off')}
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            {t('account.twoFactor.intro')}
          </Text>
          {status.data?.required && !status.data.enabled && <Text size="sm">{t('account.twoFactor.requiredByCompany')}</Text>}
        </Stack>
        {!status.data ? (
          <Skeleton h={36} w={160} />
        ) : codes ? (
          <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />
        ) : !status.data.enabled ? (
          mode === 'setup' ? (
            <TwoFactorSetup
              onCodes={(shown) => {
                toastSuccess(t('account.twoFactor.turnedOn'));
                showCodes(shown);
              }}
              onCancel={() => setMode('idle')}
            />
          ) : (
            <Button onClick={() => setMode('setup')} w="fit-content" data-testid="two-factor-turn-on">
              {t('account.twoFactor.turnOn')}
            </Button>
          )
        ) : (
          <Group gap="sm">
            <Text size="sm" c="dimmed" data-testid="two-factor-codes-left">
              {t('account.twoFactor.recoveryLeft', { count: status.data.recoveryCodesLeft })}
            </Text>
            <Button variant="light" onClick={() => setMode('newCodes')} data-testid="two-factor-new-codes">
              {t('account.twoFactor.newCodes')}
            </Button>
            <Button variant="light" color="red" onClick={() => setMode('off')} data-testid="two-factor-turn-off">
              {t('account.twoFactor.turnOff')}
            </Button>
          </Group>
        )}
      </Stack>
      <ProofModal mode={mode} onClose={() => setMode('idle')} onCodes={showCodes} />
    </Paper>
  );
}

/** Asks for a current code or the password before turning off or replacing the recovery codes. */
function ProofModal({ mode, onClose, onCodes }: { mode: Mode; onClose: () => void; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const disable = useDisableTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const [draft, setDraft] = useState({ code: '', currentPassword: '' });
  const [missing, setMissing] = useState(false);
  const opened = mode === 'off' || mode === 'newCodes';
  const change = mode === 'off' ? disable : newCodes;
  const errors = fieldErrors(change.error);

  const close = () => {
    disable.reset();
    newCodes.reset();
    setDraft({ code: '', currentPassword: '' });
    setMissing(false);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const proof: TwoFactorProof | null = draft.code.trim() ? { code: draft.code.trim() } : draft.currentPassword ? { currentPassword: draft.currentPassword } : null;
    setMissing(!proof);
    if (!proof) return;
    if (mode === 'off') {
      disable.mutate(proof, {
        onSuccess: () => {
          toastSuccess(t('account.twoFactor.turnedOff'));
          close();
        },
      });
    } else {
      newCodes.mutate(proof, {
        onSuccess: (res) => {
          close();
          onCodes(res.recoveryCodes);
        },
      });
    }
  };
  const general = change.error && !Object.keys(errors).length ? errorText(change.error) : missing ? t('account.twoFactor.proof.required') : null;

  return (
    <Modal opened={opened} onClose={close} title={mode === 'off' ? t('account.twoFactor.proof.turnOffTitle') : t('account.twoFactor.proof.newCodesTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" data-testid="two-factor-proof">
          <Text size="sm">
            {mode === 'newCodes' && `${t('account.twoFactor.proof.newCodesIntro')} `}
            {t('account.twoFactor.proof.intro')}
          </Text>
          {general && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {general}
            </Alert>
          )}
          <TextInput
            label={t('account.twoFactor.proof.code')}
            value={draft.code}
            onChange={(e) => setDraft({ code: e.currentTarget.value, currentPassword: '' })}
            error={errors.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            w={160}
            data-autofocus
            data-testid="two-factor-proof-code"
          />
          <PasswordInput
            label={t('account.twoFactor.proof.password')}
            value={draft.currentPassword}
            onChange={(e) => setDraft({ code: '', currentPassword: e.currentTarget.value })}
            error={errors.currentPassword}
            autoComplete="current-password"
            data-testid="two-factor-proof-password"
          />
          <Group justify="flex-end">
            <Button type="submit" color={mode === 'off' ? 'red' : undefined} loading={change.isPending} data-testid="two-factor-proof-submit">
              {mode === 'off' ? t('account.twoFactor.proof.submitOff') : t('account.twoFactor.proof.submitCodes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

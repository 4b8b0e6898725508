// Making an API token: a name, the scopes (admin only for admins), an expiry; then the token, shown this once,
// with a copy button and a warning that it will not be shown again.
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { TOKEN_EXPIRY_DAYS, TOKEN_NAME_MAX, TOKEN_SCOPES, type ApiTokenCreated, type TokenScope } from '../../../contracts/apiTokens.ts';
import { useErrorText } from '../api/errorText.ts';
import { InfoIcon } from '../brand/icons.tsx';
import { CopyField } from '../shared/CopyField.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { scopeKey, useCreateToken } from './api.ts';
import '../i18n/areas/apiTokens.ts';

type Expiry = (typeof TOKEN_EXPIRY_DAYS)[number];

export function NewTokenModal({ opened, admin, onClose }: { opened: boolean; admin: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { fieldErrors, errorText } = useErrorText();
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['cards:read']);
  const [expiry, setExpiry] = useState<Expiry>(90);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const errors = fieldErrors(create.error);

  const close = () => {
    onClose();
    // The token leaves memory with the dialog: it is never shown again.
    setCreated(null);
    setName('');
    setScopes(['cards:read']);
    create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name: name.trim(), scopes, expiresInDays: expiry }, { onSuccess: setCreated });
  };
  const offered = TOKEN_SCOPES.filter((s) => admin || s !== 'admin');

  return (
    <Modal opened={opened} onClose={close} title={created ? t('apiTokens.createdTitle') : t('apiTokens.newTitle')} centered size="lg">
      {created ? (
        <Stack gap="md" data-testid="api-token-created">
          <Alert color="orange" variant="light" icon={<InfoIcon size={18} />}>
            {t('apiTokens.copyNow')}
          </Alert>
          <CopyField label={t('apiTokens.tokenLabel', { name: created.name })} value={created.token} testId="api-token-value" monospace />
          <Text size="sm" c="dimmed">
            {t('apiTokens.usage')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-testid="api-token-done">
              {t('apiTokens.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate data-testid="api-token-form">
          <Stack gap="md">
            <TextInput
              label={t('apiTokens.name')}
              description={t('apiTokens.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={TOKEN_NAME_MAX}
              required
              error={errors.name}
              data-autofocus
              data-testid="api-token-name"
            />
            <Checkbox.Group label={t('apiTokens.scopesLabel')} value={scopes} onChange={(v) => setScopes(v as TokenScope[])} error={errors.scopes} required>
              <Stack gap="xs" mt="xs">
                {offered.map((s) => (
                  <Checkbox key={s} value={s} label={t(`apiTokens.scopes.${scopeKey(s)}.name`)} description={t(`apiTokens.scopes.${scopeKey(s)}.hint`)} data-testid={`api-token-scope-${s}`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label={t('apiTokens.expiry')}
              value={String(expiry)}
              onChange={(v) => v && setExpiry(Number(v) as Expiry)}
              data={TOKEN_EXPIRY_DAYS.map((d) => ({ value: String(d), label: t('apiTokens.days', { count: d }) }))}
              allowDeselect={false}
              data-testid="api-token-expiry"
            />
            {create.error && !Object.keys(errors).length && (
              <Alert color="red" variant="light">
                {errorText(create.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('apiTokens.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim() || !scopes.length} data-testid="api-token-create">
                {t('apiTokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

// The variables step (/knowledge-hub/variables): facts that cards insert as {{key}} (part 3; contracts VARIABLE_KEY),
// listed by key, added, edited and deleted. The key is checked as the server checks it before anything is sent.
import { Alert, Button, Code, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { VARIABLE_KEY, type KnowledgeVariable } from '../../../contracts/knowledgeHub.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, PlusIcon } from '../brand/icons.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { toastSuccess } from '../shared/toast.ts';
import { useDeleteVariable, useSaveVariable, useVariables, type VariableInput } from './api.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import '../i18n/areas/knowledgeHub.ts';

/** How a card inserts a variable. */
export const insertion = (key: string) => `{{${key}}}`;

function VariableForm({ orgId, editing, onClose }: { orgId: number; editing: KnowledgeVariable | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldError } = useErrorText();
  const save = useSaveVariable(orgId);
  const start = editing && editing !== 'new' ? editing : { key: '', label: '', value: '' };
  const [draft, setDraft] = useState<Partial<VariableInput>>({});
  const [tried, setTried] = useState(false);
  const value: VariableInput = { key: draft.key ?? start.key, label: draft.label ?? start.label, value: draft.value ?? start.value };
  const keyOk = VARIABLE_KEY.test(value.key.trim());
  const close = () => {
    setDraft({});
    setTried(false);
    save.reset();
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (!keyOk || !value.label.trim() || !value.value.trim()) return;
    save.mutate(
      { id: editing && editing !== 'new' ? editing.id : undefined, body: { key: value.key.trim(), label: value.label.trim(), value: value.value.trim() } },
      { onSuccess: () => (toastSuccess(t('knowledgeHub.variables.saved')), close()) },
    );
  };
  const serverKeyError = save.isError ? fieldError(save.error, 'key') : null;
  return (
    <Modal opened={editing !== null} onClose={close} title={editing === 'new' ? t('knowledgeHub.variables.add') : editing ? t('knowledgeHub.variables.editTitle', { key: editing.key }) : ''} centered>
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
        <TextInput
          label={t('knowledgeHub.variables.key')}
          description={t('knowledgeHub.variables.keyHint')}
          value={value.key}
          onChange={(e) => setDraft({ ...draft, key: e.currentTarget.value })}
          error={(tried || value.key !== '') && !keyOk ? t('knowledgeHub.variables.keyInvalid') : serverKeyError}
          required
          maxLength={63}
          data-testid="variable-key"
        />
        <TextInput
          label={t('knowledgeHub.variables.label')}
          value={value.label}
          onChange={(e) => setDraft({ ...draft, label: e.currentTarget.value })}
          error={tried && !value.label.trim() ? t('knowledgeHub.variables.required') : null}
          required
          maxLength={120}
        />
        <TextInput
          label={t('knowledgeHub.variables.value')}
          value={value.value}
          onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
          error={tried && !value.value.trim() ? t('knowledgeHub.variables.required') : null}
          required
          maxLength={500}
        />
        {keyOk && (
          <Text size="sm">
            {t('knowledgeHub.variables.insertHint')} <Code>{insertion(value.key.trim())}</Code>
          </Text>
        )}
        {save.isError && !serverKeyError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('knowledgeHub.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="variable-save">
            {t('knowledgeHub.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function VariablesStep({ orgId }: { orgId: number }) {
  const { t, i18n } = useTranslation();
  const variables = useVariables();
  const remove = useDeleteVariable(orgId);
  const [editing, setEditing] = useState<KnowledgeVariable | 'new' | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeVariable | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const list = variables.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('knowledgeHub.variables.insertHint')} <Code>{insertion('customer_count')}</Code>
      </Text>
      <Group>
        <Button leftSection={<PlusIcon size={14} aria-hidden />} onClick={() => setEditing('new')} data-testid="variable-add">
          {t('knowledgeHub.variables.add')}
        </Button>
      </Group>
      {variables.isPending ? (
        <Loader aria-label={t('knowledgeHub.variables.title')} />
      ) : variables.isError ? (
        <LoadFailed retry={() => variables.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('knowledgeHub.variables.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table data-testid="hub-variables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('knowledgeHub.variables.key')}</Table.Th>
                <Table.Th>{t('knowledgeHub.variables.label')}</Table.Th>
                <Table.Th>{t('knowledgeHub.variables.value')}</Table.Th>
                <Table.Th>{t('knowledgeHub.variables.updated')}</Table.Th>
                <Table.Th>{t('knowledgeHub.variables.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Code>{insertion(v.key)}</Code>
                  </Table.Td>
                  <Table.Td>{v.label}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{v.value}</Table.Td>
                  <Table.Td>{shortDate(v.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(v)} aria-label={t('knowledgeHub.variables.editTitle', { key: v.key })}>
                        {t('knowledgeHub.edit')}
                      </Button>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(v)} aria-label={t('knowledgeHub.variables.deleteTitle', { key: v.key })}>
                        {t('knowledgeHub.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* A fresh form for each variable edited: its fields start from that variable. */}
      <VariableForm key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id} orgId={orgId} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        title={deleting ? t('knowledgeHub.variables.deleteTitle', { key: deleting.key }) : null}
        text={t('knowledgeHub.variables.deleteText')}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => (toastSuccess(t('knowledgeHub.variables.deleted')), closeDelete()) })}
        pending={remove.isPending}
        error={remove.error}
      />
    </Stack>
  );
}

// The products step (/knowledge-hub/products): the own organization's products with their descriptions, added,
// renamed and deleted (part 3 §7.3); the page's Confirm products button is the step's confirm.
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, PlusIcon } from '../brand/icons.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { useDeleteProduct, useProducts, useSaveProduct, type HubProduct } from './api.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import '../i18n/areas/knowledgeHub.ts';

function ProductForm({ orgId, editing, onClose }: { orgId: number; editing: HubProduct | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const save = useSaveProduct(orgId);
  const start = editing && editing !== 'new' ? editing : null;
  const [name, setName] = useState(start?.name ?? '');
  const [description, setDescription] = useState(start?.description ?? '');
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = () => {
    if (!name.trim()) return;
    save.mutate({ id: start?.id, name: name.trim(), description: description.trim() }, { onSuccess: () => (toastSuccess(t('knowledgeHub.products.saved')), close()) });
  };
  return (
    <Modal opened={editing !== null} onClose={close} title={start ? t('knowledgeHub.products.editTitle', { name: start.name }) : t('knowledgeHub.products.add')} centered>
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
        <TextInput label={t('knowledgeHub.products.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} data-testid="product-name" />
        <Textarea label={t('knowledgeHub.products.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
        {save.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('knowledgeHub.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {t('knowledgeHub.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ProductsStep({ orgId }: { orgId: number }) {
  const { t } = useTranslation();
  const products = useProducts(orgId);
  const remove = useDeleteProduct(orgId);
  const [editing, setEditing] = useState<HubProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<HubProduct | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const list = products.data ?? [];
  return (
    <Stack gap="sm">
      <Group>
        <Button leftSection={<PlusIcon size={14} aria-hidden />} onClick={() => setEditing('new')}>
          {t('knowledgeHub.products.add')}
        </Button>
      </Group>
      {products.isPending ? (
        <Loader aria-label={t('knowledgeHub.products.title')} />
      ) : products.isError ? (
        <LoadFailed retry={() => products.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('knowledgeHub.products.empty')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }} data-testid="hub-products">
          {list.map((p) => (
            <Paper key={p.id} component="li" withBorder p="sm" radius="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{p.name}</Text>
                  {p.description && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      {p.description}
                    </Text>
                  )}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing(p)} aria-label={t('knowledgeHub.products.editTitle', { name: p.name })}>
                    {t('knowledgeHub.edit')}
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(p)} aria-label={t('knowledgeHub.products.deleteTitle', { name: p.name })}>
                    {t('knowledgeHub.delete')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ProductForm key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id} orgId={orgId} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        title={deleting ? t('knowledgeHub.products.deleteTitle', { name: deleting.name }) : null}
        text={t('knowledgeHub.products.deleteText')}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => (toastSuccess(t('knowledgeHub.products.deleted')), closeDelete()) })}
        pending={remove.isPending}
        error={remove.error}
      />
    </Stack>
  );
}

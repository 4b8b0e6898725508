// The buttons of a routing rule or a webhook endpoint: send a test now, the target's own (children: change, turn
// off), delete after a confirm, and its delivery log on demand, which opens below them.
import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { SendIcon, TrashIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { ConfirmModal } from '../settings/users/ConfirmModal.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useDeleteRoute, useDeleteWebhook, useSendTest, type DeliveryTarget } from './api.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { useTestToast } from './IntegrationBits.tsx';
import '../i18n/areas/integrations.ts';

/** The words of a kind of target: its test button, and its delete confirm and toast. */
type Words = { test: string; deleteTitle: string; deleteBody: string; deleted: string };

export function TargetActions({ target, testIds, words, children }: { target: DeliveryTarget; testIds: string; words: Words; children?: ReactNode }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const test = useSendTest();
  const testToast = useTestToast();
  const deleteRoute = useDeleteRoute();
  const deleteWebhook = useDeleteWebhook();
  const remove = target.kind === 'route' ? deleteRoute : deleteWebhook;
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<SendIcon size={14} />}
          loading={test.isPending}
          onClick={() => test.mutate(target, { onSuccess: testToast, onError: (err) => toastError(words.test, err) })}
          data-testid={`${testIds}-test`}
        >
          {words.test}
        </Button>
        {children}
        <Button size="xs" variant="default" color="red" leftSection={<TrashIcon size={14} />} onClick={() => setDeleting(true)} data-testid={`${testIds}-delete`}>
          {t('integrations.delete')}
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setShowLog((s) => !s)} aria-expanded={showLog} data-testid={`${testIds}-log-toggle`}>
          {showLog ? t('integrations.routes.hideLog') : t('integrations.routes.showLog')}
        </Button>
      </Group>
      {showLog && <DeliveryLog target={target} />}
      <ConfirmModal
        opened={deleting}
        title={words.deleteTitle}
        body={words.deleteBody}
        action={t('integrations.delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(target.id, {
            onSuccess: () => {
              setDeleting(false);
              toastSuccess(words.deleted);
            },
            onError: (err) => toastError(words.deleteTitle, err),
          })
        }
        testId={`${testIds}-delete-confirm`}
      />
    </>
  );
}

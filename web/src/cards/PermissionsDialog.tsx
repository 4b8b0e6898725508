// Card permissions (part 2 §4): curators only (draft), everyone, or curators plus chosen visibility
// groups. "Full access users" always see a published card, so its entry is checked and disabled.
import { Alert, Button, Checkbox, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { VISIBILITY_MODES } from '../../../contracts/cards.ts';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useCardView, useUpdateCard, useVisibilityGroups } from './api.ts';
import { permissionsBody, visibilityModeOf, type VisibilityMode } from './model.ts';
import '../i18n/areas/cardsAuthoring.ts';
import '../i18n/areas/cardViewer.ts';

export type PermissionsValue = { mode: VisibilityMode; groupIds: number[] };

/** The mode radios and the group list; shared by the dialog and the bulk edit panel. */
export function PermissionsFields({ value, onChange }: { value: PermissionsValue; onChange: (v: PermissionsValue) => void }) {
  const { t } = useTranslation();
  const groups = useVisibilityGroups();
  const toggle = (id: number, on: boolean) =>
    onChange({ ...value, groupIds: on ? [...value.groupIds, id] : value.groupIds.filter((g) => g !== id) });
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('cardsAuthoring.permissions.who')}
        value={String(value.mode)}
        onChange={(v) => onChange({ ...value, mode: Number(v) as VisibilityMode })}
      >
        <Stack gap={6} mt={6}>
          <Radio value={String(VISIBILITY_MODES.curatorsOnly)} label={t('cardsAuthoring.permissions.curatorsOnly')} data-testid="permissions-mode-0" />
          <Radio value={String(VISIBILITY_MODES.everyone)} label={t('cardsAuthoring.permissions.everyone')} data-testid="permissions-mode-1" />
          <Radio value={String(VISIBILITY_MODES.groups)} label={t('cardsAuthoring.permissions.groups')} data-testid="permissions-mode-2" />
        </Stack>
      </Radio.Group>
      {value.mode === VISIBILITY_MODES.groups && (
        <Stack gap={6} pl="lg" data-testid="permissions-groups">
          <Checkbox checked disabled label={t('cardsAuthoring.permissions.fullAccess')} data-testid="permissions-full-access" />
          {groups.isPending ? (
            <Loader size="xs" />
          ) : (groups.data ?? []).length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('cardsAuthoring.permissions.noGroups')}
            </Text>
          ) : (
            groups.data!.map((g) => (
              <Checkbox
                key={g.id}
                label={g.name}
                checked={value.groupIds.includes(g.id)}
                onChange={(e) => toggle(g.id, e.currentTarget.checked)}
                data-testid="permissions-group"
                data-group-id={g.id}
              />
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}

export function PermissionsDialog({ cardId, onClose }: { cardId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const card = useCardView(cardId);
  const update = useUpdateCard();
  const [value, setValue] = useState<PermissionsValue | null>(null);

  useEffect(() => {
    if (card.data && value === null) setValue({ mode: visibilityModeOf(card.data), groupIds: card.data.visibilityGroups.map((g) => g.id) });
  }, [card.data, value]);

  const save = () => {
    if (!value) return;
    update.mutate(
      { id: cardId, body: permissionsBody(value.mode, value.groupIds) },
      {
        onSuccess: () => {
          toastSuccess(t('cardsAuthoring.toast.permissionsSaved'));
          onClose();
        },
        onError: (err) => toastError(t('cardsAuthoring.errors.permissions'), err),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('cardsAuthoring.permissions.title')}>
      <Stack gap="md" data-testid="permissions-dialog">
        {card.isError ? (
          <Alert color="red" variant="light">
            {t('cardViewer.failed')}
          </Alert>
        ) : !value ? (
          <Loader size="sm" />
        ) : (
          <PermissionsFields value={value} onChange={setValue} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cardsAuthoring.permissions.cancel')}
          </Button>
          <Button onClick={save} disabled={!value} loading={update.isPending} data-testid="permissions-save">
            {t('cardsAuthoring.permissions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

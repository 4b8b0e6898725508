// Curators' lane dialogs on the board view: name a new lane or rename one (the server's rules checked as
// the curator types: not empty, not too long, not the reserved Scratchpad, not a name the profile has),
// and delete one, which for a lane with cards asks where they go (another lane, or away with it),
// states how many, and is confirmed.
import { Alert, Button, Group, Modal, Progress, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useCreateLane, useDeleteLane, useRenameLane } from './api.ts';
import { LANE_NAME_MAX, laneNameProblem } from './laneName.ts';
import '../i18n/areas/profileEditing.ts';

type LaneRef = { id: number; name: string };

/** Add a lane (no `lane`) or rename `lane`; `others` are the names of the profile's other lanes. */
export function LaneNameDialog({ profileId, lane, others, onClose }: { profileId: number; lane?: LaneRef; others: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(lane?.name ?? '');
  const [touched, setTouched] = useState(false);
  const create = useCreateLane(profileId);
  const rename = useRenameLane();
  const pending = create.isPending || rename.isPending;
  const problem = laneNameProblem(name, others);

  const submit = () => {
    setTouched(true);
    if (problem) return;
    const trimmed = name.trim();
    if (lane && trimmed === lane.name) return onClose();
    const done = {
      onSuccess: () => {
        toastSuccess(t(lane ? 'profileEditing.lanes.toast.renamed' : 'profileEditing.lanes.toast.created', { name: trimmed }));
        onClose();
      },
      onError: (err: Error) => toastError(t(lane ? 'profileEditing.lanes.errors.rename' : 'profileEditing.lanes.errors.create'), err),
    };
    if (lane) rename.mutate({ id: lane.id, name: trimmed }, done);
    else create.mutate(trimmed, done);
  };

  return (
    <Modal opened onClose={() => !pending && onClose()} title={t(lane ? 'profileEditing.lanes.renameTitle' : 'profileEditing.lanes.addTitle')}>
      <Stack gap="md" component="form" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="lane-name-dialog">
        <TextInput
          label={t('profileEditing.lanes.name')}
          placeholder={t('profileEditing.lanes.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem ? t(problem[0], problem[1]) : undefined}
          maxLength={LANE_NAME_MAX + 20}
          data-autofocus
          data-testid="lane-name-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('profileEditing.lanes.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="lane-name-submit">
            {t(lane ? 'profileEditing.lanes.save' : 'profileEditing.lanes.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Deletes `lane`; with cards, they move to one of `others` or go with it, as the curator chooses. */
export function DeleteLaneDialog({ lane, cardsCount, others, onClose }: { lane: LaneRef; cardsCount: number; others: readonly LaneRef[]; onClose: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteLane();
  const [mode, setMode] = useState<'move' | 'delete'>(others.length ? 'move' : 'delete');
  const [target, setTarget] = useState<number | null>(others[0]?.id ?? null);
  const moving = cardsCount > 0 && mode === 'move';
  const ready = !moving || target !== null;

  const confirm = () => {
    if (!ready) return;
    const moveCardsTo = moving ? target : null;
    del.mutate(
      { id: lane.id, moveCardsTo },
      {
        onSuccess: ({ movedCardIds }) => {
          const to = others.find((o) => o.id === moveCardsTo);
          toastSuccess(
            to
              ? t('profileEditing.lanes.toast.deletedMoved', { name: lane.name, count: movedCardIds.length, target: to.name })
              : t('profileEditing.lanes.toast.deleted', { name: lane.name }),
          );
          onClose();
        },
        onError: (err) => toastError(t('profileEditing.lanes.errors.delete'), err),
      },
    );
  };

  return (
    <Modal opened onClose={() => !del.isPending && onClose()} title={t('profileEditing.deleteLane.title', { name: lane.name })}>
      <Stack gap="md" data-testid="delete-lane-dialog" data-cards={cardsCount}>
        {cardsCount === 0 ? (
          <Text size="sm">{t('profileEditing.deleteLane.empty')}</Text>
        ) : (
          <>
            <Text size="sm" data-testid="delete-lane-count">
              {t('profileEditing.deleteLane.hasCards', { count: cardsCount })}
            </Text>
            <Radio.Group value={mode} onChange={(v) => setMode(v as 'move' | 'delete')} aria-label={t('profileEditing.deleteLane.choice')}>
              <Stack gap="sm">
                <Radio value="move" label={t('profileEditing.deleteLane.move', { count: cardsCount })} disabled={!others.length} data-testid="delete-lane-move" />
                {mode === 'move' && others.length > 0 && (
                  <Select
                    ml={30}
                    label={t('profileEditing.deleteLane.target')}
                    placeholder={t('profileEditing.deleteLane.targetPlaceholder')}
                    data={others.map((o) => ({ value: String(o.id), label: o.name }))}
                    value={target === null ? null : String(target)}
                    onChange={(v) => setTarget(v ? Number(v) : null)}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="delete-lane-target"
                  />
                )}
                <Radio value="delete" label={t('profileEditing.deleteLane.remove', { count: cardsCount })} color="red" data-testid="delete-lane-remove" />
              </Stack>
            </Radio.Group>
            {!others.length && <Text size="xs" c="dimmed">{t('profileEditing.deleteLane.onlyLane')}</Text>}
            {mode === 'delete' && (
              <Alert color="red" variant="light" icon={<AlertIcon />} p="xs" data-testid="delete-lane-warning">
                {t('profileEditing.deleteLane.removeWarning', { count: cardsCount })}
              </Alert>
            )}
          </>
        )}
        {del.isPending && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('profileEditing.deleteLane.deleting')}
            </Text>
            <Progress value={100} animated striped color="red" aria-label={t('profileEditing.deleteLane.deleting')} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={del.isPending}>
            {t('profileEditing.deleteLane.cancel')}
          </Button>
          <Button color="red" onClick={confirm} disabled={!ready} loading={del.isPending} data-testid="delete-lane-confirm">
            {t(moving ? 'profileEditing.deleteLane.confirmMove' : 'profileEditing.deleteLane.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// Assign a card to the profile's battlecards (part 2 §4, §5): ticks are kept locally and saved on Done;
// a battlecard at 8 cards cannot take another; a new battlecard (name trimmed, not empty) can be created
// here and starts ticked.
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { BATTLECARD_MAX_CARDS } from '../../../contracts/cards.ts';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useBattlecards, useCreateBattlecard, useSaveAssignments } from './api.ts';
import { assignChanges, battlecardName, canTick, cardCount, initialTicks, type Ticks } from './assign.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function AssignBattlecardsDialog({ cardId, profileId, onClose }: { cardId: number; profileId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const all = useBattlecards();
  const battlecards = useMemo(() => (all.data ?? []).filter((b) => b.profile.id === profileId), [all.data, profileId]);
  const [ticks, setTicks] = useState<Ticks | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useCreateBattlecard(profileId);
  const save = useSaveAssignments();

  useEffect(() => {
    if (all.data && ticks === null) setTicks(initialTicks(battlecards, cardId));
  }, [all.data, battlecards, cardId, ticks]);

  const addBattlecard = () => {
    const title = battlecardName(name);
    if (!title) return setNameError(t('cardsAuthoring.battlecards.nameRequired'));
    create.mutate(
      { title },
      {
        onSuccess: (b) => {
          toastSuccess(t('cardsAuthoring.toast.battlecardCreated'));
          setName('');
          setTicks((prev) => ({ ...prev, [b.id]: true }));
        },
        onError: (err) => toastError(t('cardsAuthoring.errors.battlecardCreate'), err),
      },
    );
  };

  const done = () => {
    const changes = ticks ? assignChanges(battlecards, cardId, ticks) : [];
    if (changes.length === 0) return onClose();
    save.mutate(changes, {
      onSuccess: () => {
        toastSuccess(t('cardsAuthoring.toast.assigned'));
        onClose();
      },
      onError: (err) => toastError(t('cardsAuthoring.errors.assign'), err),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('cardsAuthoring.battlecards.assignTitle')}>
      <Stack gap="md" data-testid="assign-battlecards-dialog">
        {all.isError ? (
          <Alert color="red" variant="light">
            {t('cardsAuthoring.battlecard.failed')}
          </Alert>
        ) : !ticks ? (
          <Loader size="sm" />
        ) : battlecards.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('cardsAuthoring.battlecards.none')}
          </Text>
        ) : (
          <Stack gap={8}>
            {battlecards.map((b) => {
              const ticked = ticks[b.id] ?? false;
              const full = !canTick(b, cardId);
              return (
                <Checkbox
                  key={b.id}
                  checked={ticked}
                  disabled={!ticked && full}
                  onChange={(e) => setTicks({ ...ticks, [b.id]: e.currentTarget.checked })}
                  label={b.title}
                  description={full ? t('cardsAuthoring.battlecards.full', { max: BATTLECARD_MAX_CARDS }) : t('cardsAuthoring.battlecards.count', { count: cardCount(b), max: BATTLECARD_MAX_CARDS })}
                  data-testid="assign-battlecard"
                  data-battlecard-id={b.id}
                />
              );
            })}
          </Stack>
        )}
        <Group align="flex-start" gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), addBattlecard())}>
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('cardsAuthoring.battlecards.newName')}
            placeholder={t('cardsAuthoring.battlecards.newName')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            data-testid="new-battlecard-name"
          />
          <Button type="submit" variant="light" loading={create.isPending} data-testid="new-battlecard-create">
            {t('cardsAuthoring.battlecards.create')}
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cardsAuthoring.battlecards.cancel')}
          </Button>
          <Button onClick={done} loading={save.isPending} data-testid="assign-battlecards-done">
            {t('cardsAuthoring.battlecards.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// "Copy boards from another profile…" (part 3 §7.4 clone): a curator picks a competitor; its lanes, cards
// and (unless unticked) battlecards are added to this profile in one request. While it runs the dialog
// shows progress and cannot be closed; then it says what was copied.
import { Alert, Button, Checkbox, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { ProfileCloned } from '../../../contracts/cards.ts';
import { AlertIcon, CheckIcon } from '../brand/icons.tsx';
import { useRivalsMinimal } from '../cards/api.ts';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useCloneProfile } from './api.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/profileEditing.ts';

export function CloneProfileDialog({ profileId, name, onClose }: { profileId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const rivals = useRivalsMinimal(true);
  const clone = useCloneProfile(profileId);
  const [source, setSource] = useState<string | null>(null);
  const [battlecards, setBattlecards] = useState(true);
  const [result, setResult] = useState<{ copied: ProfileCloned; from: string } | null>(null);
  const options = (rivals.data ?? [])
    .filter((r) => r.profileId !== profileId)
    .map((r) => ({
      value: String(r.profileId),
      label: r.isDraft ? `${r.name} (${t('profileEditing.clone.draft')})` : r.name,
    }));

  const submit = () => {
    if (!source) return;
    const from = options.find((o) => o.value === source)?.label ?? '';
    clone.mutate(
      { id: Number(source), battlecards },
      {
        onSuccess: (copied) => {
          setResult({ copied, from });
          toastSuccess(t('profileEditing.clone.toast', { cards: t('profileEditing.clone.cards', { count: copied.cardsCount }), source: from }));
        },
        onError: (err) => toastError(t('profileEditing.clone.failed'), err),
      },
    );
  };

  return (
    <Modal opened onClose={() => !clone.isPending && onClose()} title={t('profileEditing.clone.title')} size="lg">
      <Stack gap="md" data-testid="clone-dialog">
        {result ? (
          <Alert color="teal" variant="light" icon={<CheckIcon size={16} />} title={t('profileEditing.clone.resultTitle')} role="status" data-testid="clone-result">
            <Stack gap={4}>
              <Text size="sm">
                {t('profileEditing.clone.result', {
                  cards: t('profileEditing.clone.cards', { count: result.copied.cardsCount }),
                  battlecards: t('profileEditing.clone.battlecardsCount', { count: result.copied.battlecardsCount }),
                  source: result.from,
                })}
              </Text>
              <Text size="sm">{t('profileEditing.clone.resultLanes', { count: result.copied.boardsCount })}</Text>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('profileEditing.clone.intro', { name })}
            </Text>
            <Select
              label={t('profileEditing.clone.source')}
              placeholder={t('profileEditing.clone.sourcePlaceholder')}
              nothingFoundMessage={t('profileEditing.clone.nothing')}
              data={options}
              value={source}
              onChange={setSource}
              searchable
              disabled={clone.isPending || rivals.isPending}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
              data-testid="clone-source"
            />
            <Checkbox
              label={t('profileEditing.clone.battlecards')}
              checked={battlecards}
              onChange={(e) => setBattlecards(e.currentTarget.checked)}
              disabled={clone.isPending}
              data-testid="clone-battlecards"
            />
            {clone.isPending && (
              <Stack gap={4} data-testid="clone-progress">
                <Text size="xs" c="dimmed">
                  {t('profileEditing.clone.copying')}
                </Text>
                <Progress value={100} animated striped aria-label={t('profileEditing.clone.copying')} />
              </Stack>
            )}
            {clone.isError && (
              <Alert color="red" variant="light" icon={<AlertIcon />} p="xs" role="alert">
                {t('profileEditing.clone.failed')}: {errorText(clone.error)}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          {result ? (
            <Button onClick={onClose} data-testid="clone-done">
              {t('profileEditing.clone.done')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={clone.isPending}>
                {t('profileEditing.clone.cancel')}
              </Button>
              <Button onClick={submit} disabled={!source} loading={clone.isPending} data-testid="clone-submit">
                {t('profileEditing.clone.submit')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

// Curators create a battlecard on a profile (part 2 §5, §7): a name (trimmed, not empty) and a display
// layout; it starts as a draft and opens on the battlecard page in edit mode.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useCreateBattlecard } from './api.ts';
import { DisplayLayoutPicker } from './DisplayLayoutPicker.tsx';
import { DEFAULT_DISPLAY_LAYOUT } from './layout.ts';
import { useBattlecardName } from './useBattlecardName.ts';
import '../i18n/areas/battlecardEditor.ts';

export function NewBattlecardButton({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpen(true)} data-testid="battlecard-new">
        {t('battlecardEditor.create.open')}
      </Button>
      {open && <NewBattlecardDialog profileId={profileId} onClose={() => setOpen(false)} />}
    </>
  );
}

function NewBattlecardDialog({ profileId, onClose }: { profileId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBattlecard(profileId);
  const name = useBattlecardName('');
  const [layout, setLayout] = useState<string>(DEFAULT_DISPLAY_LAYOUT);

  const submit = () => {
    const title = name.title();
    if (!title) return;
    create.mutate(
      { title, layout, isDraft: true },
      {
        onSuccess: (b) => {
          toastSuccess(t('battlecardEditor.toast.created'));
          onClose();
          navigate(`/profile/${profileId}/battlecard/view/${b.id}?edit=1`);
        },
        onError: (err) => toastError(t('battlecardEditor.errors.create'), err),
      },
    );
  };

  return (
    <Modal opened onClose={() => !create.isPending && onClose()} title={t('battlecardEditor.create.title')}>
      <Stack gap="md" component="form" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="battlecard-new-dialog">
        <TextInput
          label={t('battlecardEditor.create.name')}
          {...name.inputProps}
          data-autofocus
          data-testid="battlecard-new-name"
        />
        <DisplayLayoutPicker id="battlecard-new-layout" value={layout} onChange={setLayout} />
        <Text size="xs" c="dimmed">
          {t('battlecardEditor.create.draftNote')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('battlecardEditor.create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="battlecard-new-submit">
            {t('battlecardEditor.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

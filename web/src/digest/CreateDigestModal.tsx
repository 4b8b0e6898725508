// The "New digest" dialog: a title and an optional introduction; on success the new draft opens.
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DIGEST_INTRO_MAX, DIGEST_TITLE_MAX } from '../../../contracts/digests.ts';
import { useCreateDigest } from './api.ts';

export function CreateDigestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDigest();
  const [title, setTitle] = useState('');
  const [intro, setIntro] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    create.mutate(
      { title: title.trim(), intro: intro.trim() },
      {
        onSuccess: (digest) => {
          onClose();
          setTitle('');
          setIntro('');
          void navigate(`/digest/${digest.id}`);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('digest.create.title')} size="lg" radius="lg" data-testid="digest-create-modal">
      <form onSubmit={submit}>
        <Stack gap="md">
          {create.isError && (
            <Alert color="red" variant="light" title={t('digest.create.failed')}>
              {create.error.message}
            </Alert>
          )}
          <TextInput
            label={t('digest.create.name')}
            placeholder={t('digest.create.namePlaceholder')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={DIGEST_TITLE_MAX}
            required
            data-autofocus
            data-testid="digest-create-title"
          />
          <Textarea
            label={t('digest.create.intro')}
            placeholder={t('digest.create.introPlaceholder')}
            value={intro}
            onChange={(e) => setIntro(e.currentTarget.value)}
            maxLength={DIGEST_INTRO_MAX}
            autosize
            minRows={3}
            maxRows={8}
            data-testid="digest-create-intro"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('digest.create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!title.trim()} data-testid="digest-create-submit">
              {t('digest.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

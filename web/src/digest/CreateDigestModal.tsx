// The "New digest" dialog: a title and an optional introduction, which start from the company's digest
// defaults (Settings › Digest) each time it opens; on success the new draft opens.
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useNavigate } from 'react-router';
import { DIGEST_INTRO_MAX, DIGEST_TITLE_MAX } from '../../../contracts/digests.ts';
import { digestDefaultsOf } from '../../../contracts/settings.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useCreateDigest } from './api.ts';
import { digestTitle } from './title.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/digest.ts';

export function CreateDigestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const create = useCreateDigest();
  const { company } = useSession();
  const [title, setTitle] = useState('');
  const [intro, setIntro] = useState('');
  const defaults = digestDefaultsOf(company.companyData);
  useEffect(() => {
    if (!opened) return;
    setTitle(digestTitle(defaults.title, new Date(), i18n.language));
    setIntro(defaults.intro);
  }, [opened, defaults.title, defaults.intro, i18n.language]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    create.mutate(
      { title: title.trim(), intro: intro.trim() },
      {
        onSuccess: (digest) => {
          onClose();
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
              {errorText(create.error)}
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

// One digest: its title and introduction (editable while a draft), its items, the mail preview, a test send
// to oneself and the real send. A sent digest is shown read-only. Without mail set up on the server both sends
// are disabled and a notice says why, so no one confirms a send that cannot go out.
import { Alert, Anchor, Button, Grid, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useNavigate } from 'react-router';
import { DIGEST_INTRO_MAX, DIGEST_TITLE_MAX, type DigestDetail, type DigestRead } from '../../../contracts/digests.ts';
import { ApiError } from '../api/client.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, ArrowLeftIcon, MailIcon, SendIcon } from '../brand/icons.tsx';
import { shortDate } from '../shared/dates.ts';
import { useDeleteDigest, useDigest, useSendDigest, useUpdateDigest } from './api.ts';
import { DigestItems } from './DigestItems.tsx';
import { StateBadge } from './DigestList.tsx';
import { DigestPreview } from './DigestPreview.tsx';
import { SendDigestModal } from './SendDigestModal.tsx';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/digest.ts';

function DetailsForm({ digest }: { digest: DigestDetail }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const update = useUpdateDigest(digest.id);
  const [title, setTitle] = useState(digest.title);
  const [intro, setIntro] = useState(digest.intro);
  const changed = title.trim() !== digest.title || intro.trim() !== digest.intro;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { title: title.trim(), intro: intro.trim() },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('digest.editor.saved') }),
        onError: (err) => notifications.show({ color: 'red', title: t('digest.editor.saveFailed'), message: errorText(err) }),
      },
    );
  };
  return (
    <Paper withBorder radius="lg" p="md" component="form" onSubmit={submit} aria-label={t('digest.editor.details')}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('digest.editor.details')}
        </Title>
        <TextInput
          label={t('digest.editor.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={DIGEST_TITLE_MAX}
          required
          data-testid="digest-title-input"
        />
        <Textarea
          label={t('digest.editor.intro')}
          value={intro}
          onChange={(e) => setIntro(e.currentTarget.value)}
          maxLength={DIGEST_INTRO_MAX}
          autosize
          minRows={3}
          maxRows={10}
          data-testid="digest-intro-input"
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!changed || !title.trim()} loading={update.isPending} data-testid="digest-save">
            {t('digest.editor.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const MAIL_NOTICE_ID = 'digest-mail-not-configured';

function MailNotConfigured() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<MailIcon />} title={t('digest.send.noMailTitle')} role="status" data-testid="digest-no-mail">
      <span id={MAIL_NOTICE_ID}>{t('digest.send.noMail')}</span>
    </Alert>
  );
}

function Actions({ digest }: { digest: DigestRead }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const { user } = useSession();
  const [sending, send] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const test = useSendDigest(digest.id);
  const remove = useDeleteDigest(digest.id);
  const hasItems = digest.favoritesLiveCount > 0;
  // Why sending is off, if it is: mail not set up (says the notice under the title), or nothing to send yet.
  const blocked = !digest.mailConfigured ? t('digest.send.noMailTitle') : !hasItems ? t('digest.send.needsItems') : undefined;
  const describedBy = digest.mailConfigured ? undefined : MAIL_NOTICE_ID;

  const sendTest = () =>
    test.mutate([user.email], {
      onSuccess: () => notifications.show({ color: 'teal', message: t('digest.send.testSent', { email: user.email }) }),
      onError: (err) => notifications.show({ color: 'red', title: t('digest.send.failed'), message: errorText(err) }),
    });
  const deleteDraft = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('digest.editor.deleted') });
        void navigate('/digest');
      },
      onError: (err) => {
        del.close();
        notifications.show({ color: 'red', title: t('digest.editor.deleteFailed'), message: errorText(err) });
      },
    });

  return (
    <Group gap="sm">
      <Button variant="subtle" color="red" onClick={del.open} data-testid="digest-delete">
        {t('digest.editor.delete')}
      </Button>
      <Modal opened={deleting} onClose={del.close} title={t('digest.editor.delete')} radius="lg" centered>
        <Stack gap="lg">
          <Text>{t('digest.editor.deleteConfirm', { title: digest.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={del.close}>
              {t('digest.send.cancel')}
            </Button>
            <Button color="red" onClick={deleteDraft} loading={remove.isPending} data-testid="digest-delete-confirm">
              {t('digest.editor.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Button
        variant="default"
        onClick={sendTest}
        loading={test.isPending}
        disabled={blocked !== undefined}
        title={blocked}
        aria-describedby={describedBy}
        data-testid="digest-send-test"
      >
        {t('digest.send.test')}
      </Button>
      <Button
        leftSection={<SendIcon />}
        onClick={send.open}
        disabled={blocked !== undefined}
        title={blocked}
        aria-describedby={describedBy}
        data-testid="digest-send"
      >
        {t('digest.send.open')}
      </Button>
      <SendDigestModal id={digest.id} title={digest.title} opened={sending} onClose={send.close} />
    </Group>
  );
}

export function DigestEditor({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const query = useDigest(id);

  const back = (
    <Anchor component={Link} to="/digest" size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <ArrowLeftIcon size={14} />
      {t('digest.editor.back')}
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Stack gap="lg" pt="md" maw={1280} w="100%" mx="auto" data-testid="digest-loading">
        {back}
        <Skeleton h={40} w="50%" />
        <Skeleton h={420} />
      </Stack>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.isNotFound;
    return (
      <Stack gap="lg" pt="md" maw={1280} w="100%" mx="auto">
        {back}
        <Alert color={missing ? 'gray' : 'red'} variant="light" icon={<AlertIcon />} title={t(missing ? 'digest.editor.notFound' : 'digest.editor.failed')} data-testid="digest-error">
          {!missing && errorText(query.error)}
        </Alert>
      </Stack>
    );
  }

  const digest = query.data;
  const draft = digest.state === 'draft';
  return (
    <Stack gap="lg" pt="md" maw={1280} w="100%" mx="auto" data-testid="page-digest" data-digest-id={digest.id} data-state={digest.state}>
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="sm">
            <StateBadge state={digest.state} />
          </Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }} data-testid="digest-title">
            {digest.title}
          </Title>
        </Stack>
        {draft && <Actions digest={digest} />}
      </Group>
      {draft && !digest.mailConfigured && <MailNotConfigured />}
      {!draft && digest.sentAt && (
        <Alert color="teal" variant="light" data-testid="digest-sent-notice">
          {t('digest.editor.sentNotice', { date: shortDate(digest.sentAt, i18n.language), count: digest.recipientsCount })}
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            {draft ? (
              <DetailsForm digest={digest} />
            ) : (
              digest.intro && (
                <Paper withBorder radius="lg" p="md">
                  <Text style={{ whiteSpace: 'pre-wrap' }}>{digest.intro}</Text>
                </Paper>
              )
            )}
            <DigestItems id={digest.id} posts={digest.posts} editable={draft} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DigestPreview id={digest.id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

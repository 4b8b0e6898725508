// A fresh invitation link, shown once (the server keeps only its digest): copy it, and whether it was mailed.
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import type { InvitationLink } from '../../../../contracts/account.ts';
import { CheckIcon, InfoIcon, MailIcon } from '../../brand/icons.tsx';
import { shortDate } from '../../shared/dates.ts';
import { linkHere } from './model.ts';
import '../../i18n/areas/people.ts';

export function LinkModal({ shown, onClose }: { shown: { link: InvitationLink; renewed: boolean } | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const link = shown?.link;
  const url = link ? linkHere(link.path, window.location.origin) : '';
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('people.link.title')} centered size="lg">
      {link && (
        <Stack gap="md" data-testid="invitation-link-modal">
          {link.mailed ? (
            <Alert color="teal" variant="light" icon={<MailIcon size={18} />}>
              {t('people.link.mailed', { email: link.invitation.email })}
            </Alert>
          ) : link.mailError ? (
            <Alert color="orange" variant="light" icon={<InfoIcon size={18} />} title={t('people.link.mailFailed')}>
              {link.mailError}
            </Alert>
          ) : (
            <Text size="sm">{t(shown.renewed ? 'people.link.renewed' : 'people.link.noMail', { email: link.invitation.email })}</Text>
          )}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('people.link.label')}
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="invitation-link"
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <CheckIcon size={16} /> : null} data-testid="invitation-copy">
                  {copied ? t('people.link.copied') : t('people.link.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('people.link.expires', { date: shortDate(link.invitation.expiresAt, i18n.language) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="invitation-link-done">
              {t('people.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

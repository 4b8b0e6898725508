// Save and Discard under a settings form: both idle until something changed; Save submits the form (or
// calls onSave when the section has no form), Discard goes back to what is saved.
import { Button, Group } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import '../i18n/areas/companySettings.ts';

type Props = { dirty: boolean; pending: boolean; onDiscard: () => void; onSave?: () => void; testId: string };

export function FormActions({ dirty, pending, onDiscard, onSave, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} disabled={!dirty} loading={pending} data-testid={testId}>
        {t('companySettings.save')}
      </Button>
      <Button variant="default" disabled={!dirty || pending} onClick={onDiscard}>
        {t('companySettings.discard')}
      </Button>
    </Group>
  );
}

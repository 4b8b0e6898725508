// Settings › Ask (admins): the visibility groups Ask answers for. Curators preview Ask's answers as one of
// these groups (part 1 §6 Ask dashboard); none chosen means every group.
import { Alert, Checkbox, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useSession } from '../../core/SessionContext.tsx';
import { InfoIcon } from '../../brand/icons.tsx';
import { useVisibilityGroups } from '../../cards/api.ts';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { useSaveAskGroups } from '../company/api.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import { FormActions } from '../FormActions.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/companySettings.ts';

export function AskSection() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { company } = useSession();
  const groups = useVisibilityGroups();
  const save = useSaveAskGroups();
  const savedKey = company.askPermittedVisibilityGroups.join(',');
  const [chosen, setChosen] = useState<string[]>(company.askPermittedVisibilityGroups.map(String));
  useEffect(() => setChosen(savedKey ? savedKey.split(',') : []), [savedKey]);
  const dirty = [...chosen].sort().join(',') !== savedKey.split(',').filter(Boolean).sort().join(',');
  const submit = () =>
    save.mutate(
      { visibilityGroupIds: chosen.map(Number) },
      { onSuccess: () => toastSuccess(t('companySettings.ask.saved')), onError: (err) => toastError(t('companySettings.saveFailed'), err) },
    );

  let body;
  if (groups.isPending) body = <Skeleton h={120} />;
  else if (groups.isError) body = <StatePanel kind="error" title={t('companySettings.loadFailed')} text={errorText(groups.error)} data-testid="ask-groups-error" />;
  else if (!groups.data.length) body = <Text c="dimmed">{t('companySettings.ask.noGroups')}</Text>;
  else
    body = (
      <Checkbox.Group value={chosen} onChange={setChosen} label={t('companySettings.ask.groupsLabel')} data-testid="ask-groups">
        <Stack gap="xs" mt="xs">
          {groups.data.map((g) => (
            <Checkbox key={g.id} value={String(g.id)} label={g.name} data-testid="ask-group" />
          ))}
        </Stack>
      </Checkbox.Group>
    );

  return (
    <Stack gap="lg" data-testid="ask-section">
      <SectionHeader title={t('companySettings.sections.ask.name')} intro={t('companySettings.ask.intro')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {body}
          <Alert variant="light" color={chosen.length ? 'indigo' : 'gray'} icon={<InfoIcon />} data-testid="ask-groups-summary">
            {chosen.length ? t('companySettings.ask.some', { count: chosen.length }) : t('companySettings.ask.all')}
          </Alert>
          <FormActions dirty={dirty} pending={save.isPending} onSave={submit} onDiscard={() => setChosen(savedKey ? savedKey.split(',') : [])} testId="ask-save" />
        </Stack>
      </Paper>
    </Stack>
  );
}

// The What's-new panel of the landing page (part 3 §2.4, §4.6, §9): the last 30 days of the rival in a written
// summary with its citations, polled while it is written; it folds away, and starts folded on a phone.
import { Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { LANDING } from '../../../contracts/landing.ts';
import { ChevronRightIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { useUpdateSummaries } from './api.ts';
import { useDelayMessage } from './hooks.ts';
import { GeneratedBody, UpdatingNote } from './LandingSections.tsx';
import { sectionView } from './model.ts';
import '../i18n/areas/landing.ts';

export function WhatsNew({ profileId, landingPath }: { profileId: number; landingPath: string }) {
  const { t } = useTranslation();
  const phone = usePhone();
  // Follows the screen until the reader opens or closes it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const opened = choice ?? !phone;
  const summaries = useUpdateSummaries(profileId);
  const summary = summaries.data?.updateSummaries.find((s) => s.bucket === LANDING.updateBucket);
  const section = summary && {
    status: summary.status,
    // An empty summary while the first one is written has nothing to show yet.
    data: summary.content || summary.status === 'succeeded' ? { markdown: summary.content, citations: summary.citations, uses_public_sources: false, uses_private_sources: false } : null,
  };
  const view = sectionView(section);
  const delayed = useDelayMessage(view === 'fetching');
  return (
    <Paper withBorder radius="md" p="md" component="aside" id="whats-new" aria-labelledby="whats-new-title" data-testid="landing-whats-new" data-open={opened}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <UnstyledButton
          onClick={() => setChoice(!opened)}
          aria-expanded={opened}
          aria-controls="whats-new-body"
          title={t(opened ? 'landing.whatsNew.collapse' : 'landing.whatsNew.expand')}
          data-testid="landing-whats-new-toggle"
          style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}
        >
          <ChevronRightIcon size={16} style={{ flex: 'none', transition: 'transform 120ms ease', transform: opened ? 'rotate(90deg)' : undefined }} />
          <Stack gap={0}>
            <Text fw={700} id="whats-new-title">
              {t('landing.whatsNew.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('landing.whatsNew.period')}
            </Text>
          </Stack>
        </UnstyledButton>
        {opened && view === 'updating' && <UpdatingNote />}
      </Group>
      <Collapse in={opened} id="whats-new-body">
        <Stack gap="xs" pt="sm">
          {summaries.isError ? (
            <Text size="sm" c="red.7">
              {t('landing.whatsNew.failed')}
            </Text>
          ) : (
            <GeneratedBody
              section={section}
              delayed={delayed}
              onRetry={() => void summaries.refetch()}
              retrying={summaries.isFetching}
              landingPath={landingPath}
              empty={t('landing.whatsNew.nothing')}
            />
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}

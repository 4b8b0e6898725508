// The call insights area (/call-insights; issue #57, part 1 §2), curators only (the route's guard): sales-call
// transcripts imported from recorders' exports and every mention of a rival in them. Two tabs, the overview per rival
// (/call-insights) and the calls with their search (/call-insights/calls); a rival's page (/call-insights/rivals/{id});
// and over any of them a call's transcript in a drawer (?call={id}&seq={passage}), so a shared link opens the same
// passage.
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { lazyComponent } from '../core/chunkReload.ts';
import { useTranslation } from '../i18n/react.tsx';
import { UploadIcon } from '../insights/icons.tsx';
import { StatusScreen } from '../pages/StatusScreen.tsx';
import { CallDrawer } from './CallDrawer.tsx';
import { CallsList } from './CallsList.tsx';
import { CALL_INSIGHTS_PATH, callsPath, openCallOf, viewOf, withOpenCall } from './model.ts';
import { OverviewTab } from './OverviewTab.tsx';
import { RivalPage } from './RivalPage.tsx';
import '../i18n/areas/callInsights.ts';

const ImportDialog = lazyComponent(() => import('./ImportDialog.tsx'), 'ImportDialog');

/** Opens a call at a passage (the drawer over the current view). */
export type OpenCall = (callId: number, seq: number | null) => void;

export function CallInsightsPage({ rest }: { rest: string }) {
  const { t } = useTranslation();
  const at = viewOf(rest);
  // A rival's page names itself (an empty title leaves the document's as it is).
  useDocumentTitle(at?.view === 'rival' ? '' : `${t('callInsights.title')} · ${t('app.titleSuffix')}`);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [importing, setImporting] = useState(false);
  if (!at) return <StatusScreen routeKey="notFound" />;
  const open = openCallOf(params);
  const openCall: OpenCall = (callId, seq) => setParams(withOpenCall(params, { callId, seq }));
  const importButton = (
    <Button variant="light" leftSection={<UploadIcon size={16} />} onClick={() => setImporting(true)} data-testid="call-import-open">
      {t('callInsights.import.open')}
    </Button>
  );

  return (
    <Stack gap="lg" pt="md" data-testid="page-call-insights">
      {at.view === 'rival' ? (
        <RivalPage rivalId={at.rivalId} onOpenCall={openCall} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 'h2', xs: 'h1' }}>
                {t('callInsights.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('callInsights.intro')}
              </Text>
            </Stack>
            {importButton}
          </Group>
          <Tabs value={at.view} onChange={(v) => v && navigate(v === 'calls' ? callsPath() : CALL_INSIGHTS_PATH)} keepMounted={false}>
            <Tabs.List aria-label={t('callInsights.tabs.label')}>
              <Tabs.Tab value="overview" data-testid="call-tab-overview">
                {t('callInsights.tabs.overview')}
              </Tabs.Tab>
              <Tabs.Tab value="calls" data-testid="call-tab-calls">
                {t('callInsights.tabs.calls')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="overview" pt="md">
              <OverviewTab onImport={() => setImporting(true)} />
            </Tabs.Panel>
            <Tabs.Panel value="calls" pt="md">
              <CallsList onOpenCall={openCall} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
      <CallDrawer open={open} onClose={() => setParams(withOpenCall(params, null))} />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

// The curator toolbar of the dashboard (part 3 §2.4, §6, §8): "Save defaults" stores the current group
// filter and sort as what consumers land on (a success dialog, or the saveDefaultsError notice), and
// "View as" shows the dashboard as a visibility group or as everyone through ?previewing=.
import { Button, Group, Modal, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { RivalOrder } from '../../../contracts/competitors.ts';
import { useVisibilityGroups } from '../cards/api.ts';
import { useSetPreviewing } from '../cards/previewing.ts';
import { useSaveDefaults } from './api.ts';
import { EVERYONE, NOTICE_MS } from './model.ts';

type Props = { sortBy: RivalOrder; activeGroupId: number; viewAs: number | null };

export function CuratorToolbar({ sortBy, activeGroupId, viewAs }: Props) {
  const { t } = useTranslation();
  const viewAsGroup = useSetPreviewing();
  const groups = useVisibilityGroups();
  const save = useSaveDefaults();
  const [saved, setSaved] = useState(false);

  const saveDefaults = () =>
    save.mutate(
      { sortBy, activeGroupId },
      {
        onSuccess: () => setSaved(true),
        onError: () => notifications.show({ color: 'red', message: t('dashboardTools.toolbar.saveDefaultsError'), autoClose: NOTICE_MS }),
      },
    );

  const options = [
    { value: String(EVERYONE), label: t('dashboardTools.toolbar.everyone') },
    ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  return (
    <Group gap="sm" align="flex-end" role="toolbar" aria-label={t('dashboardTools.toolbar.label')} data-testid="curator-toolbar">
      <Button variant="default" onClick={saveDefaults} loading={save.isPending} data-testid="dashboard-save-defaults">
        {t('dashboardTools.toolbar.saveDefaults')}
      </Button>
      <Select
        label={t('dashboardTools.toolbar.viewAs')}
        placeholder={t('dashboardTools.toolbar.viewAsPlaceholder')}
        data={options}
        value={viewAs === null ? null : String(viewAs)}
        onChange={(v) => viewAsGroup(v === null ? null : Number(v))}
        w={180}
        data-testid="dashboard-view-as"
      />
      {viewAs !== null && (
        <Button variant="subtle" onClick={() => viewAsGroup(null)} data-testid="dashboard-view-as-exit">
          {t('dashboardTools.toolbar.exitViewAs')}
        </Button>
      )}
      <Modal opened={saved} onClose={() => setSaved(false)} title={t('dashboardTools.toolbar.saveDefaultsSuccessTitle')} data-testid="save-defaults-success">
        <Text size="sm">{t('dashboardTools.toolbar.saveDefaultsSuccess')}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setSaved(false)} data-testid="save-defaults-close">
            {t('dashboardTools.toolbar.close')}
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}

// The curator toolbar of the dashboard (part 3 §2.4, §6, §8): "Edit groups" opens the rival groups editor,
// "Save defaults" stores the current group filter and sort as what consumers land on (a success dialog, or the
// saveDefaultsError notice), "View as" shows the dashboard as a visibility group or as everyone through
// ?previewing=, and "New" starts a board (the wizard) or, with dynamic boards on, a dynamic board (an untitled
// draft opened at once, or the newBoardError notice).
import { Button, Group, Menu, Modal, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import type { RivalOrder } from '../../../contracts/competitors.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { ChevronDownIcon, LayersIcon, PlusIcon } from '../brand/icons.tsx';
import { useVisibilityGroups } from '../cards/api.ts';
import { useSetPreviewing } from '../cards/previewing.ts';
import { useCreateDynamicBoard } from '../dynamicBoards/api.ts';
import { flag } from '../user/permissions.ts';
import { useSaveDefaults } from './api.ts';
import { EVERYONE, NOTICE_MS } from './model.ts';
import '../i18n/areas/curatorToolbar.ts';

const EditGroupsDialog = lazyComponent(() => import('./EditGroupsDialog.tsx'), 'EditGroupsDialog');

type Props = { sortBy: RivalOrder; activeGroupId: number; viewAs: number | null; onNewBoard: () => void };

/** "New board", or with dynamic boards on a menu of Board and Dynamic board. */
function NewMenu({ onNewBoard }: { onNewBoard: () => void }) {
  const { t } = useTranslation();
  const { company } = useSession();
  const navigate = useNavigate();
  const create = useCreateDynamicBoard();
  const newDynamicBoard = () =>
    create.mutate(undefined, {
      onSuccess: ({ id }) => void navigate(`/dynamic-board/${id}`),
      onError: () => notifications.show({ color: 'red', message: t('curatorToolbar.newBoardError'), autoClose: NOTICE_MS }),
    });
  if (!flag(company, 'dynamicBoards')) {
    return (
      <Button leftSection={<PlusIcon size={16} />} onClick={onNewBoard} data-testid="dashboard-new-board">
        {t('dashboardTools.toolbar.newBoard')}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <Button leftSection={<PlusIcon size={16} />} rightSection={<ChevronDownIcon size={14} />} loading={create.isPending} data-testid="dashboard-new-board">
          {t('curatorToolbar.newMenu.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<PlusIcon size={16} />} onClick={onNewBoard} data-testid="new-menu-board">
          <Text size="sm">{t('curatorToolbar.newMenu.board')}</Text>
          <Text size="xs" c="dimmed">
            {t('curatorToolbar.newMenu.boardHint')}
          </Text>
        </Menu.Item>
        <Menu.Item leftSection={<LayersIcon size={16} />} onClick={newDynamicBoard} data-testid="new-menu-dynamic-board">
          <Text size="sm">{t('curatorToolbar.newMenu.dynamicBoard')}</Text>
          <Text size="xs" c="dimmed">
            {t('curatorToolbar.newMenu.dynamicBoardHint')}
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function CuratorToolbar({ sortBy, activeGroupId, viewAs, onNewBoard }: Props) {
  const { t } = useTranslation();
  const viewAsGroup = useSetPreviewing();
  const groups = useVisibilityGroups();
  const save = useSaveDefaults();
  const [saved, setSaved] = useState(false);
  const [editingGroups, setEditingGroups] = useState(false);

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
      <Button variant="default" onClick={() => setEditingGroups(true)} data-testid="dashboard-edit-groups">
        {t('curatorToolbar.editGroups.button')}
      </Button>
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
      <NewMenu onNewBoard={onNewBoard} />
      {editingGroups && (
        <Suspense fallback={null}>
          <EditGroupsDialog onClose={() => setEditingGroups(false)} />
        </Suspense>
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

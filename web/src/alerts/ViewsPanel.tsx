// The views of the feed (part 1 §2, §4 Views and presets): the preset views and the saved custom views
// (mine, and those other curators share), each with its live count; save the filters in force as a view,
// share or unshare one's own, delete one's own.
import { ActionIcon, Badge, Button, Checkbox, Group, Menu, Modal, NavLink, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { INTEL_PRESET_VIEWS, type AlertsUrlState, type IntelView } from '../../../contracts/intel.ts';
import { ApiError } from '../api/client.ts';
import { PlusIcon } from '../brand/icons.tsx';
import { alertsHref, openView, viewFiltersQuery, viewOf } from './alertsState.ts';
import { intelApi } from './api.ts';
import { intelKeys } from './queryKeys.ts';
import { compactCount } from './viewCounts.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/alerts.ts';

type Props = {
  state: AlertsUrlState;
  effective: AlertsUrlState;
  views: IntelView[] | undefined;
  counts: Record<string, number> | undefined;
  onNavigate?: () => void;
};

function CountBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge size="sm" variant="light" color="gray" radius="sm" data-testid="view-count" data-count={count}>
      {compactCount(count)}
    </Badge>
  );
}

function SaveViewDialog({ opened, onClose, effective }: { opened: boolean; onClose: () => void; effective: AlertsUrlState }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const save = useMutation({
    mutationFn: () => intelApi.saveView({ name: name.trim(), filters: viewFiltersQuery(effective), shared }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: intelKeys.views });
      void queryClient.invalidateQueries({ queryKey: ['intel', 'viewCounts'] });
      notifications.show({ color: 'teal', message: t('alerts.views.saved', { name: name.trim() }) });
      setName('');
      setShared(false);
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('alerts.views.saveTitle')} centered radius="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) save.mutate();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('alerts.views.saveHelp')}
          </Text>
          <TextInput label={t('alerts.views.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required data-autofocus data-testid="save-view-name" />
          <Checkbox label={t('alerts.views.shareLabel')} checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} data-testid="save-view-shared" />
          {save.isError && (
            <Text size="sm" c="red" role="alert">
              {save.error instanceof ApiError ? errorText(save.error) : t('alerts.views.saveFailed')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('alerts.cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim()} loading={save.isPending} data-testid="save-view-submit">
              {t('alerts.views.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CustomViewMenu({ view }: { view: IntelView }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: intelKeys.views });
  const fail = (err: Error) => notifications.show({ color: 'red', message: errorText(err) });
  const share = useMutation({
    mutationFn: () => intelApi.saveView({ name: view.name, filters: viewFiltersQuery(view.filters), shared: !view.shared }, view.id),
    onSuccess: done,
    onError: fail,
  });
  const remove = useMutation({ mutationFn: () => intelApi.deleteView(view.id), onSuccess: done, onError: fail });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('alerts.views.menu', { name: view.name })} onClick={(e) => e.stopPropagation()} data-testid="custom-view-menu">
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => share.mutate()} data-testid="custom-view-share">
          {view.shared ? t('alerts.views.unshare') : t('alerts.views.share')}
        </Menu.Item>
        <Menu.Item color="red" onClick={() => remove.mutate()} data-testid="custom-view-delete">
          {t('alerts.views.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function ViewsPanel({ state, effective, views, counts, onNavigate }: Props) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const current = viewOf(state);
  return (
    <Stack gap={4} component="nav" aria-label={t('alerts.views.label')} data-testid="alerts-views">
      <Title order={2} fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }} mb={4}>
        {t('alerts.views.title')}
      </Title>
      {INTEL_PRESET_VIEWS.map((v) => (
        <NavLink
          key={v}
          component={Link}
          to={alertsHref(openView(state, v))}
          onClick={onNavigate}
          active={current === v}
          label={t(`alerts.views.presets.${v}`)}
          rightSection={<CountBadge count={counts?.[v]} />}
          data-testid="view-link"
          data-view={v}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
      <Group justify="space-between" mt="sm" mb={2}>
        <Title order={3} fz="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('alerts.views.custom')}
        </Title>
        <Tooltip label={t('alerts.views.saveCurrent')}>
          <ActionIcon variant="subtle" size="sm" onClick={() => setSaving(true)} aria-label={t('alerts.views.saveCurrent')} data-testid="save-view">
            <PlusIcon size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {views?.length === 0 && (
        <Text size="xs" c="dimmed" px={6}>
          {t('alerts.views.noCustom')}
        </Text>
      )}
      {views?.map((v) => (
        <Group key={v.id} gap={2} wrap="nowrap">
          <NavLink
            component={Link}
            to={alertsHref(openView(state, `custom-${v.id}`))}
            onClick={onNavigate}
            active={current === `custom-${v.id}`}
            label={v.name}
            description={!v.mine ? t('alerts.views.sharedByOther') : v.shared ? t('alerts.views.sharedMine') : undefined}
            rightSection={<CountBadge count={counts?.[`custom-${v.id}`]} />}
            data-testid="custom-view-link"
            data-view-id={v.id}
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 1, minWidth: 0 }}
          />
          {v.mine && <CustomViewMenu view={v} />}
        </Group>
      ))}
      <SaveViewDialog opened={saving} onClose={() => setSaving(false)} effective={effective} />
    </Stack>
  );
}

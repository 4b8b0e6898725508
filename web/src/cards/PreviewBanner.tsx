// The preview banner (part 2 §4): while a curator previews the product as a visibility group
// (?previewing={groupId}), a banner names the group and lets them switch group or exit preview.
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { isCurator } from '../user/permissions.ts';
import { useVisibilityGroups } from './api.ts';
import { previewGroupOf } from './model.ts';
import { useSetPreviewing } from './previewing.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function PreviewBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { search } = useLocation();
  const go = useSetPreviewing();
  const group = isCurator(user) ? previewGroupOf(search) : null;
  const groups = useVisibilityGroups(group !== null);
  if (group === null) return null;
  const name = groups.data?.find((g) => g.id === group)?.name ?? t('cardsAuthoring.preview.unknownGroup', { id: group });
  return (
    <Paper bg="yellow.1" withBorder p="xs" radius="md" role="status" data-testid="preview-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          {t('cardsAuthoring.preview.banner', { group: name })}
        </Text>
        <Group gap="xs">
          <Select
            size="xs"
            aria-label={t('cardsAuthoring.preview.switch')}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={String(group)}
            onChange={(v) => v && go(Number(v))}
            allowDeselect={false}
            w={180}
          />
          <Button size="xs" variant="default" onClick={() => go(null)} data-testid="preview-exit">
            {t('cardsAuthoring.preview.exit')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

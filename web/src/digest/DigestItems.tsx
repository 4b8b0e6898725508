// The items of a digest in viewOrder; on a draft each can move up or down, or be removed (unfavorited).
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../i18n/react.tsx';
import type { DigestPost } from '../../../contracts/digests.ts';
import { ChevronDownIcon, CloseIcon } from '../brand/icons.tsx';
import { shortDate } from '../shared/dates.ts';
import { moved, useRemovePost, useReorderDigest } from './api.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/digest.ts';

const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

export function DigestItems({ id, posts, editable }: { id: number; posts: DigestPost[]; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const reorder = useReorderDigest(id);
  const remove = useRemovePost(id);
  const failed = (err: Error) => notifications.show({ color: 'red', title: t('digest.editor.changeFailed'), message: errorText(err) });
  const ids = posts.map((p) => p.postId);
  const move = (index: number, by: -1 | 1) => reorder.mutate(moved(ids, index, by), { onError: failed });

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('digest.editor.items')}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('digest.editor.items')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="digest-items-count">
          {t('digest.editor.itemsCount', { count: posts.length })}
        </Text>
      </Group>
      {posts.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="digest-items-empty">
          {t('digest.editor.noItems')}
        </Text>
      ) : (
        <Stack gap={0} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="digest-items">
          {posts.map((p, i) => (
            <Group
              key={p.postId}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              py="sm"
              style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined, opacity: p.live ? 1 : 0.6 }}
              data-testid="digest-item"
              data-post-id={p.postId}
            >
              <Text fw={700} c="indigo.7" w={24} ta="right" style={{ flexShrink: 0 }}>
                {i + 1}
              </Text>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                {isWebLink(p.permalink) ? (
                  <Anchor href={p.permalink} target="_blank" rel="noopener noreferrer" fw={600} data-testid="digest-item-title">
                    {p.title}
                  </Anchor>
                ) : (
                  <Text fw={600} data-testid="digest-item-title">
                    {p.title}
                  </Text>
                )}
                {p.summary && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p.summary}
                  </Text>
                )}
                <Group gap={6}>
                  {p.rivals.map((r) => (
                    <Badge key={r.id} size="sm" variant="light" color="indigo">
                      {r.name}
                    </Badge>
                  ))}
                  {p.publishedAt && (
                    <Text size="xs" c="dimmed">
                      {shortDate(p.publishedAt, i18n.language)}
                    </Text>
                  )}
                  {!p.live && (
                    <Tooltip label={t('digest.editor.notLiveHint')} multiline w={260}>
                      <Badge size="sm" color="orange" variant="light">
                        {t('digest.editor.notLive')}
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
              </Stack>
              {editable && (
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('digest.editor.moveUp', { title: p.title })}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, -1)}
                    data-testid="digest-item-up"
                  >
                    <ChevronDownIcon style={{ transform: 'rotate(180deg)' }} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('digest.editor.moveDown', { title: p.title })}
                    disabled={i === posts.length - 1 || reorder.isPending}
                    onClick={() => move(i, 1)}
                    data-testid="digest-item-down"
                  >
                    <ChevronDownIcon />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('digest.editor.remove', { title: p.title })}
                    onClick={() =>
                      remove.mutate(p.postId, {
                        onSuccess: () => notifications.show({ color: 'teal', message: t('digest.editor.removed') }),
                        onError: failed,
                      })
                    }
                    data-testid="digest-item-remove"
                  >
                    <CloseIcon />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

// The bookmarks menu of the top navigation (part 1 §3 Bookmark, §7): the user's bookmarks (a click opens one: a
// page of the app in place, another site in a new tab), "Bookmark this page" (named after the page's title, at
// the current path and query), rename, and delete after a confirmation.
import { ActionIcon, Anchor, Button, Divider, Group, Loader, Popover, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import type { Bookmark } from '../../../contracts/bookmarks.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { BookmarkIcon, CheckIcon, EditIcon, PlusIcon, TrashIcon } from '../brand/icons.tsx';
import { useBookmarks } from './api.ts';
import type { Editing } from './BookmarkDialogs.tsx';
import classes from './BookmarksMenu.module.css';
import { bookmarkName, isAppPath } from './navModel.ts';

const BookmarkDialog = lazyComponent(() => import('./BookmarkDialogs.tsx'), 'BookmarkDialog');
const DeleteBookmarkDialog = lazyComponent(() => import('./BookmarkDialogs.tsx'), 'DeleteBookmarkDialog');

function BookmarkRow({ b, onOpen, onRename, onDelete }: { b: Bookmark; onOpen: () => void; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const inApp = isAppPath(b.url);
  const label = (
    <>
      <Text size="sm" fw={500} truncate>
        {b.name}
      </Text>
      <Text size="xs" c="dimmed" truncate title={inApp ? undefined : t('bookmarks.external')}>
        {inApp ? b.url : `↗ ${b.url}`}
      </Text>
    </>
  );
  const look = { onClick: onOpen, px: 'xs', py: 6, className: classes.row, 'data-testid': 'bookmark-open' } as const;
  return (
    <Group gap={4} wrap="nowrap" data-testid="bookmark" data-id={b.id}>
      {inApp ? (
        <UnstyledButton component={Link} to={b.url} {...look}>
          {label}
        </UnstyledButton>
      ) : (
        <UnstyledButton component="a" href={b.url} target="_blank" rel="noopener noreferrer" {...look}>
          {label}
        </UnstyledButton>
      )}
      <Tooltip label={t('bookmarks.rename', { name: b.name })} openDelay={400}>
        <ActionIcon variant="subtle" color="gray" onClick={onRename} aria-label={t('bookmarks.rename', { name: b.name })} data-testid="bookmark-rename">
          <EditIcon size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('bookmarks.remove', { name: b.name })} openDelay={400}>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('bookmarks.remove', { name: b.name })} data-testid="bookmark-delete">
          <TrashIcon size={15} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function BookmarksMenu() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [opened, { close, toggle }] = useDisclosure(false);
  const list = useBookmarks(opened);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Bookmark | null>(null);
  const here = `${pathname}${search}`;
  const current = list.data?.find((b) => b.url === here);
  // The dialogs outlive the popover, which closes as they open.
  const startEdit = (e: Editing) => {
    close();
    setEditing(e);
  };

  let content;
  if (list.isPending) {
    content = (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('bookmarks.title')} />
      </Group>
    );
  } else if (list.isError) {
    content = (
      <Stack gap="xs" p="sm" align="flex-start" role="alert">
        <Text size="sm">{t('bookmarks.failed')}</Text>
        <Button size="xs" variant="light" onClick={() => void list.refetch()}>
          {t('bookmarks.retry')}
        </Button>
      </Stack>
    );
  } else if (!list.data.length) {
    content = (
      <Text size="sm" c="dimmed" p="sm" data-testid="bookmarks-empty">
        {t('bookmarks.empty')}
      </Text>
    );
  } else {
    content = (
      <Stack gap={0} p={4} mah="min(50vh, 420px)" style={{ overflowY: 'auto' }} data-testid="bookmarks-list">
        {list.data.map((b) => (
          <BookmarkRow
            key={b.id}
            b={b}
            onOpen={close}
            onRename={() => startEdit({ id: b.id, name: b.name, url: b.url })}
            onDelete={() => {
              close();
              setDeleting(b);
            }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Popover opened={opened} onChange={(o) => !o && close()} position="bottom-end" width="min(360px, calc(100vw - 16px))" shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <Tooltip label={t('bookmarks.label')} openDelay={500} disabled={opened}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              onClick={toggle}
              aria-label={t('bookmarks.label')}
              aria-expanded={opened}
              styles={{ root: { color: 'inherit' } }}
              data-testid="bookmarks-menu"
            >
              <BookmarkIcon size={19} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="bookmarks-popover">
          <Group justify="space-between" px="md" py="xs" wrap="nowrap">
            <Text fw={700} size="sm">
              {t('bookmarks.title')}
            </Text>
            {current ? (
              <Anchor component="button" size="xs" c="teal.7" onClick={() => startEdit(current)} data-testid="bookmark-current">
                <Group gap={4} wrap="nowrap">
                  <CheckIcon size={13} />
                  {t('bookmarks.thisIsBookmarked')}
                </Group>
              </Anchor>
            ) : (
              <Button
                size="xs"
                variant="light"
                leftSection={<PlusIcon size={14} />}
                disabled={!list.data}
                onClick={() => startEdit({ name: bookmarkName(document.title, t('app.titleSuffix')), url: here })}
                data-testid="bookmark-add"
              >
                {t('bookmarks.addThis')}
              </Button>
            )}
          </Group>
          <Divider />
          {content}
        </Popover.Dropdown>
      </Popover>
      <Suspense fallback={null}>
        {editing && <BookmarkDialog editing={editing} onClose={() => setEditing(null)} />}
        {deleting && <DeleteBookmarkDialog bookmark={deleting} onClose={() => setDeleting(null)} />}
      </Suspense>
    </>
  );
}

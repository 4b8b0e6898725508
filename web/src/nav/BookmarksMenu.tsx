// The bookmarks menu of the top navigation (part 1 §3 Bookmark, §7): the user's bookmarks (a click opens one: a
// page of the app in place, another site in a new tab), "Bookmark this page" (named after the page's title, at
// the current path and query), rename, and delete after a confirmation.
import { ActionIcon, Anchor, Button, Divider, Group, Loader, Modal, Popover, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BOOKMARK_NAME_MAX, type Bookmark } from '../../../contracts/bookmarks.ts';
import { BookmarkIcon, CheckIcon, EditIcon, PlusIcon, TrashIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useBookmarkChanges, useBookmarks } from './api.ts';
import classes from './BookmarksMenu.module.css';
import { bookmarkName, isAppPath } from './navModel.ts';

type Editing = { id?: number; name: string; url: string };

/** Add or rename: the name, checked as the API checks it; the server's refusal (e.g. a duplicate) shows on the form. */
function BookmarkDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const { save } = useBookmarkChanges();
  const [name, setName] = useState(editing.name);
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const invalid = !trimmed ? t('bookmarks.dialog.nameRequired') : trimmed.length > BOOKMARK_NAME_MAX ? t('bookmarks.dialog.nameTooLong', { max: BOOKMARK_NAME_MAX }) : null;
  const submit = () => {
    setTouched(true);
    if (invalid) return;
    save.mutate(
      { id: editing.id, name: trimmed, url: editing.url },
      {
        onSuccess: (b) => {
          toastSuccess(editing.id ? t('bookmarks.toast.renamed') : t('bookmarks.toast.added', { name: b.name }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={editing.id ? t('bookmarks.dialog.renameTitle') : t('bookmarks.dialog.addTitle')} centered data-testid="bookmark-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('bookmarks.dialog.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={(touched && invalid) || (save.error ? save.error.message : null)}
            data-autofocus
            data-testid="bookmark-name"
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('bookmarks.dialog.url')}
            </Text>
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }} data-testid="bookmark-url">
              {editing.url}
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('bookmarks.dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="bookmark-save">
              {t('bookmarks.dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteBookmarkDialog({ bookmark, onClose }: { bookmark: Bookmark; onClose: () => void }) {
  const { t } = useTranslation();
  const { remove } = useBookmarkChanges();
  return (
    <Modal opened onClose={onClose} title={t('bookmarks.confirm.title')} centered data-testid="bookmark-delete-dialog">
      <Stack gap="md">
        <Text size="sm">{t('bookmarks.confirm.text', { name: bookmark.name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('bookmarks.confirm.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(bookmark.id, {
                onSuccess: () => {
                  toastSuccess(t('bookmarks.toast.removed'));
                  onClose();
                },
                onError: (err) => toastError(t('bookmarks.toast.removeFailed'), err),
              })
            }
            data-testid="bookmark-delete-confirm"
          >
            {t('bookmarks.confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

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
      {editing && <BookmarkDialog editing={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteBookmarkDialog bookmark={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

// A curator's edit panel of one battlecard (part 2 §3, §5, §7): rename, display layout, publish or
// unpublish, add and remove cards through the picker (at most 8), reorder the cards of the device
// layout on screen with keyboard-reachable up/down buttons, and delete after a confirmation. Every
// change shows at once and is saved with PUT; a failure toasts the server's message and the screen
// returns to the server's state (useUpdateBattlecard).
import { ActionIcon, Alert, Button, Group, Loader, Modal, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { BATTLECARD_MAX_CARDS, type BattlecardItem, type BattlecardLayoutKind } from '../../../contracts/cards.ts';
import { AlertIcon, ChevronDownIcon, CloseIcon, PlusIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useBattlecards, useDeleteBattlecard, useUpdateBattlecard } from './api.ts';
import { CardPicker } from './CardPicker.tsx';
import { applyPicks, cardsOn, moveCard, removeCard, type BattlecardChanges } from './editing.ts';
import { DisplayLayoutPicker } from './DisplayLayoutPicker.tsx';
import { DEFAULT_DISPLAY_LAYOUT } from './layout.ts';
import { useBattlecardName } from './useBattlecardName.ts';
import '../i18n/areas/battlecardEditor.ts';
import '../i18n/areas/cardsAuthoring.ts';

type Props = { battlecardId: number; profileId: number; device: BattlecardLayoutKind; onDeleted: () => void };

export function BattlecardEditor({ battlecardId, profileId, device, onDeleted }: Props) {
  const { t } = useTranslation();
  const list = useBattlecards();
  const item = list.data?.find((b) => b.id === battlecardId);
  if (list.isError)
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />}>
        {t('cardsAuthoring.battlecard.failed')}
      </Alert>
    );
  if (!item) return <Loader size="sm" />;
  return <EditorPanel key={item.id} item={item} profileId={profileId} device={device} onDeleted={onDeleted} />;
}

function EditorPanel({ item, profileId, device, onDeleted }: { item: BattlecardItem; profileId: number; device: BattlecardLayoutKind; onDeleted: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateBattlecard();
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [announce, setAnnounce] = useState('');
  // After a move, focus follows the moved card's button (the row moves in the DOM and loses focus).
  const refocus = useRef<{ id: number; dir: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const order = item.cards[device];
  const held = cardsOn(item.cards);
  const titleOf = (id: number) => item.cardTitles[String(id)] ?? t('battlecardEditor.untitled', { id });

  const save = (change: BattlecardChanges, success?: string, titles?: Record<string, string>) =>
    update.mutateAsync({ id: item.id, change, titles }).then(
      () => success && toastSuccess(success),
      (err: unknown) => toastError(t('battlecardEditor.errors.save'), err),
    );

  useEffect(() => {
    const want = refocus.current;
    if (!want || !listRef.current) return;
    refocus.current = null;
    const button = (dir: string) => listRef.current!.querySelector<HTMLButtonElement>(`[data-move="${dir}"][data-card-id="${want.id}"]:not(:disabled)`);
    (button(want.dir) ?? button(want.dir === 'up' ? 'down' : 'up'))?.focus();
  }, [order]);

  const move = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    const cards = moveCard(item.cards, device, index, to);
    if (cards === item.cards) return;
    refocus.current = { id: order[index], dir };
    setAnnounce(t('battlecardEditor.moved', { name: titleOf(order[index]), position: to + 1 }));
    void save({ cardData: cards });
  };

  const pickDone = (picked: number[], titles: Record<string, string>) => {
    setPicking(false);
    const cards = applyPicks(item.cards, picked);
    if (JSON.stringify(cards) !== JSON.stringify(item.cards)) void save({ cardData: cards }, t('battlecardEditor.toast.cardsSaved'), titles);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="battlecard-editor-title" data-testid="battlecard-editor" data-battlecard-id={item.id}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="battlecard-editor-title">
            {t('battlecardEditor.panel')}
          </Title>
          <Button variant="subtle" color="red" size="xs" onClick={() => setDeleting(true)} data-testid="battlecard-delete">
            {t('battlecardEditor.delete.open')}
          </Button>
        </Group>
        <Group align="flex-end" gap="lg" wrap="wrap">
          <RenameForm title={item.title} onRename={(title) => void save({ title }, t('battlecardEditor.toast.renamed'))} />
          <DisplayLayoutPicker
            id="battlecard-editor-layout"
            value={item.layout === DEFAULT_DISPLAY_LAYOUT ? DEFAULT_DISPLAY_LAYOUT : 'grid'}
            onChange={(layout) => void save({ layout })}
          />
          <Switch
            label={t('battlecardEditor.published')}
            description={t('battlecardEditor.publishedHint')}
            checked={!item.isDraft}
            onChange={(e) => {
              const published = e.currentTarget.checked;
              void save({ isDraft: !published }, t(published ? 'battlecardEditor.toast.published' : 'battlecardEditor.toast.unpublished'));
            }}
            data-testid="battlecard-publish"
          />
        </Group>
        <Stack gap={6} ref={listRef}>
          <Group justify="space-between">
            <Text fw={600} size="sm" data-testid="battlecard-editor-count" data-count={held.length}>
              {t('battlecardEditor.cards', { count: held.length, max: BATTLECARD_MAX_CARDS })} · {t('battlecardEditor.order', { device: t(`cardsAuthoring.battlecard.layouts.${device}`) })}
            </Text>
            <Button size="xs" variant="light" leftSection={<PlusIcon size={14} />} onClick={() => setPicking(true)} data-testid="battlecard-add-cards">
              {t('battlecardEditor.addCards')}
            </Button>
          </Group>
          {order.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('battlecardEditor.noCards')}
            </Text>
          ) : (
            <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }} data-testid="battlecard-editor-cards">
              {order.map((id, i) => {
                const name = titleOf(id);
                return (
                  <Group component="li" key={id} gap="xs" wrap="nowrap" p={6} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }} data-testid="battlecard-editor-card" data-card-id={id}>
                    <Text size="sm" c="dimmed" w={20} ta="right">
                      {i + 1}.
                    </Text>
                    <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    <ActionIcon variant="subtle" color="gray" disabled={i === 0} onClick={() => move(i, 'up')} aria-label={t('battlecardEditor.moveUp', { name })} data-move="up" data-card-id={id}>
                      <ChevronDownIcon size={16} style={{ transform: 'rotate(180deg)' }} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" disabled={i === order.length - 1} onClick={() => move(i, 'down')} aria-label={t('battlecardEditor.moveDown', { name })} data-move="down" data-card-id={id}>
                      <ChevronDownIcon size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" onClick={() => void save({ cardData: removeCard(item.cards, id) })} aria-label={t('battlecardEditor.remove', { name })} data-testid="battlecard-editor-remove">
                      <CloseIcon size={16} />
                    </ActionIcon>
                  </Group>
                );
              })}
            </Stack>
          )}
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="battlecard-editor-status">
            {announce}
          </Text>
        </Stack>
      </Stack>
      {picking && (
        <CardPicker
          profileId={profileId}
          title={t('battlecardEditor.picker.title')}
          max={BATTLECARD_MAX_CARDS}
          limit={t('battlecardEditor.picker.limit', { max: BATTLECARD_MAX_CARDS })}
          initial={held}
          onDone={pickDone}
          onClose={() => setPicking(false)}
        />
      )}
      {deleting && <DeleteBattlecardDialog item={item} onClose={() => setDeleting(false)} onDeleted={onDeleted} />}
    </Paper>
  );
}

function RenameForm({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const { t } = useTranslation();
  const name = useBattlecardName(title);
  const { setName } = name;
  // A saved (or reverted) title replaces what is typed.
  useEffect(() => setName(title), [title, setName]);
  const submit = () => {
    const next = name.title();
    if (next && next !== title) onRename(next);
  };
  return (
    <Group component="form" align="flex-start" gap="xs" onSubmit={(e) => (e.preventDefault(), submit())}>
      <TextInput label={t('battlecardEditor.name')} {...name.inputProps} w={280} data-testid="battlecard-editor-name" />
      <Button type="submit" variant="default" mt={25} data-testid="battlecard-rename">
        {t('battlecardEditor.rename')}
      </Button>
    </Group>
  );
}

function DeleteBattlecardDialog({ item, onClose, onDeleted }: { item: BattlecardItem; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteBattlecard();
  const confirm = () =>
    del.mutate(item.id, {
      onSuccess: () => {
        toastSuccess(t('battlecardEditor.toast.deleted'));
        onClose();
        onDeleted();
      },
      onError: (err) => toastError(t('battlecardEditor.errors.delete'), err),
    });
  return (
    <Modal opened onClose={() => !del.isPending && onClose()} title={t('battlecardEditor.delete.title')}>
      <Stack gap="md" data-testid="battlecard-delete-dialog">
        <Text size="sm">{t('battlecardEditor.delete.confirm', { title: item.title })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={del.isPending}>
            {t('battlecardEditor.delete.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={del.isPending} data-testid="battlecard-delete-confirm">
            {t('battlecardEditor.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

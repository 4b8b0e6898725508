// A card's action menu (part 2 §2, §6) and the dialogs it opens. Everyone may open a card and copy its
// link; curators also edit, copy the embed code, duplicate, move, tag, manage sources, assign to
// battlecards, and (with the new card editor) set permissions and delete.
import { ActionIcon, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { CardIcon, EditIcon, TagIcon } from '../brand/icons.tsx';
import { AssignBattlecardsDialog } from '../battlecards/AssignBattlecardsDialog.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { FollowCardItem } from '../notifications/FollowCardItem.tsx';
import { flag, isCurator } from '../user/permissions.ts';
import { useDuplicateCard } from './api.ts';
import { editCardHref, withViewCard } from './cardUrl.ts';
import { DeleteCardDialog } from './DeleteCardDialog.tsx';
import { CodeIcon, CopyIcon, DotsIcon, LinkIcon, LockIcon, MoveIcon, StackIcon, TrashIcon } from './icons.tsx';
import { MoveCardDialog } from './MoveCardDialog.tsx';
import { PermissionsDialog } from './PermissionsDialog.tsx';
import { SourcesDialog } from './SourcesDialog.tsx';
import { TagsDialog } from './TagsDialog.tsx';
import type { CardViewSource } from '../../../contracts/usage.ts';
import { openCardState } from '../usage/cardSource.ts';
import { trackShareCopy } from '../usage/record.ts';
import '../i18n/areas/cardsAuthoring.ts';

export type MenuCard = { id: number; name: string; profileId: number };
type Dialog = 'move' | 'delete' | 'permissions' | 'sources' | 'tags' | 'battlecards';

export const cardLink = (profileId: number, cardId: number) => `${window.location.origin}/profile/${profileId}?viewCard=${cardId}`;
export const embedCode = (cardId: number) =>
  `<iframe src="${window.location.origin}/card/embed/${cardId}" width="100%" height="480" frameborder="0" title="Rivalscope card ${cardId}"></iframe>`;

/** openFrom: where the menu's Open counts the card as opened from (usage cardView); a direct link when not said. */
export function CardMenu({ card, openFrom = 'link' }: { card: MenuCard; openFrom?: CardViewSource }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const curator = isCurator(user);
  const newEditor = flag(company, 'newCardEditor');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const duplicate = useDuplicateCard();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const copy = (text: string, done: string, onCopied?: () => void) => {
    const write = navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error(t('cardsAuthoring.toast.copyFailed')));
    write.then(
      () => {
        toastSuccess(done);
        onCopied?.();
      },
      (err) => toastError(t('cardsAuthoring.toast.copyFailed'), err),
    );
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('cardsAuthoring.menu.label', { name: card.name })} data-testid="card-menu">
            <DotsIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="card-menu-dropdown">
          <Menu.Item leftSection={<CardIcon size={14} />} onClick={() => navigate(withViewCard(pathname, search, card.id), { state: openCardState(openFrom) })}>
            {t('cardsAuthoring.menu.open')}
          </Menu.Item>
          <Menu.Item leftSection={<LinkIcon size={14} />} onClick={() => copy(cardLink(card.profileId, card.id), t('cardsAuthoring.toast.linkCopied'), () => trackShareCopy('card', card.id))} data-testid="card-menu-copy-link">
            {t('cardsAuthoring.menu.copyLink')}
          </Menu.Item>
          <FollowCardItem cardId={card.id} />
          {curator && (
            <>
              <Menu.Item leftSection={<EditIcon size={14} />} onClick={() => navigate(editCardHref(card.profileId, card.id))} data-testid="card-menu-edit">
                {t('cardsAuthoring.menu.edit')}
              </Menu.Item>
              <Menu.Item leftSection={<CodeIcon size={14} />} onClick={() => copy(embedCode(card.id), t('cardsAuthoring.toast.embedCopied'))}>
                {t('cardsAuthoring.menu.copyEmbed')}
              </Menu.Item>
              <Menu.Item
                leftSection={<CopyIcon size={14} />}
                onClick={() =>
                  duplicate.mutate(card.id, {
                    onSuccess: () => toastSuccess(t('cardsAuthoring.toast.duplicated')),
                    onError: (err) => toastError(t('cardsAuthoring.Card.actions.duplicateCard.error'), err),
                  })
                }
                data-testid="card-menu-duplicate"
              >
                {t('cardsAuthoring.menu.duplicate')}
              </Menu.Item>
              <Menu.Item leftSection={<MoveIcon size={14} />} onClick={() => setDialog('move')} data-testid="card-menu-move">
                {t('cardsAuthoring.menu.move')}
              </Menu.Item>
              <Menu.Item leftSection={<TagIcon size={14} />} onClick={() => setDialog('tags')} data-testid="card-menu-tags">
                {t('cardsAuthoring.menu.tags')}
              </Menu.Item>
              <Menu.Item leftSection={<LinkIcon size={14} />} onClick={() => setDialog('sources')} data-testid="card-menu-sources">
                {t('cardsAuthoring.menu.sources')}
              </Menu.Item>
              <Menu.Item leftSection={<StackIcon size={14} />} onClick={() => setDialog('battlecards')} data-testid="card-menu-battlecards">
                {t('cardsAuthoring.menu.battlecards')}
              </Menu.Item>
              {newEditor && (
                <>
                  <Menu.Item leftSection={<LockIcon size={14} />} onClick={() => setDialog('permissions')} data-testid="card-menu-permissions">
                    {t('cardsAuthoring.menu.permissions')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<TrashIcon size={14} />} onClick={() => setDialog('delete')} data-testid="card-menu-delete">
                    {t('cardsAuthoring.menu.delete')}
                  </Menu.Item>
                </>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'move' && <MoveCardDialog cardId={card.id} onClose={close} />}
      {dialog === 'delete' && <DeleteCardDialog cardIds={[card.id]} name={card.name} onClose={close} />}
      {dialog === 'permissions' && <PermissionsDialog cardId={card.id} onClose={close} />}
      {dialog === 'sources' && <SourcesDialog cardId={card.id} curator={curator} onClose={close} />}
      {dialog === 'tags' && <TagsDialog cardId={card.id} onClose={close} />}
      {dialog === 'battlecards' && <AssignBattlecardsDialog cardId={card.id} profileId={card.profileId} onClose={close} />}
    </>
  );
}

// A rival tile's curator menu (part 3 §1, §4.8, §6, §8): publish or unpublish the rival, and remove it
// from the rival group whose section shows the tile. Success gives a short notice once the dashboard has
// been read again; failure an error notice naming the rival, with the server's message.
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../i18n/react.tsx';
import { DotsIcon } from '../cards/icons.tsx';
import { useRemoveFromGroup, useSetRivalDraft } from './api.ts';
import { NOTICE_MS, type RivalTileData } from './model.ts';
import { tileActions, type TileAction } from './tileActions.ts';
import { useErrorText } from '../api/errorText.ts';

/** `group`: the rival group whose section shows the tile; null elsewhere (all companies, the ungrouped rest, favorites). */
export type TileMenuContext = { group: { id: number; name: string } | null };

type Props = TileMenuContext & { rival: Pick<RivalTileData, 'id' | 'name' | 'profileId' | 'isDraft'> };

export function TileMenu({ rival, group }: Props) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const setDraft = useSetRivalDraft();
  const remove = useRemoveFromGroup();

  const run = async (action: TileAction) => {
    const words = { name: rival.name, group: group?.name };
    try {
      if (action === 'removeFromGroup') await remove.mutateAsync({ groupId: group!.id, rivalId: rival.id });
      else await setDraft.mutateAsync({ profileId: rival.profileId, isDraft: action === 'unpublish' });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t(`dashboardTools.tileMenu.${action}.failed`, words),
        message: errorText(err),
        autoClose: NOTICE_MS,
      });
      return;
    }
    notifications.show({ color: 'teal', message: t(`dashboardTools.tileMenu.${action}.done`, words), autoClose: NOTICE_MS });
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={setDraft.isPending || remove.isPending}
          aria-label={t('dashboardTools.tileMenu.label', { name: rival.name })}
          data-testid="rival-tile-menu"
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="rival-tile-menu-dropdown">
        {tileActions(rival.isDraft, group !== null).map((action) => (
          <Menu.Item
            key={action}
            color={action === 'removeFromGroup' ? 'red' : undefined}
            onClick={() => void run(action)}
            data-testid={`rival-tile-${action}`}
          >
            {t(`dashboardTools.tileMenu.${action}.label`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

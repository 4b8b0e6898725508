// The dashboard's "Edit groups" (part 3 §2.4, §7.5): the rival groups editor of Settings › Rival groups in a dialog,
// so curators create, rename and fill groups where they see them. Loaded when first opened.
import { Modal } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { RivalGroupsSection } from '../settings/rivalGroups/RivalGroupsSection.tsx';
import '../i18n/areas/curatorToolbar.ts';

export function EditGroupsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('curatorToolbar.editGroups.title')} size="xl" radius="lg" data-testid="edit-groups-dialog">
      <RivalGroupsSection heading={false} />
    </Modal>
  );
}

// The labelled display-layout choice (stacked or grid) of the new-battlecard dialog and the editor.
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { DISPLAY_LAYOUTS } from './layout.ts';
import '../i18n/areas/battlecardEditor.ts';

export function DisplayLayoutPicker({ id, value, onChange }: { id: string; value: string; onChange: (layout: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {t('battlecardEditor.displayLayout')}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={onChange}
        data={DISPLAY_LAYOUTS.map((l) => ({ value: l, label: t(`battlecardEditor.displayLayouts.${l}`) }))}
        data-testid={id}
      />
    </Stack>
  );
}

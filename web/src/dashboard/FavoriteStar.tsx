// A rival's favorite star (part 3 §4.6): a toggle whose label says what a click does. The dashboard's tiles show it
// small; the landing page's header, beside its other buttons, `prominent`.
import { ActionIcon, Tooltip } from '@mantine/core';
import { StarIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function FavoriteStar({ name, on, onToggle, testId, prominent = false }: { name: string; on: boolean; onToggle: () => void; testId: string; prominent?: boolean }) {
  const { t } = useTranslation();
  const label = t(on ? 'dashboardTools.favorites.unstar' : 'dashboardTools.favorites.star', { name });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant={prominent ? 'default' : 'subtle'}
        size={prominent ? 'lg' : undefined}
        color={on ? 'yellow' : 'gray'}
        c={prominent && on ? 'yellow.6' : undefined}
        onClick={onToggle}
        aria-label={label}
        aria-pressed={on}
        data-testid={testId}
      >
        <StarIcon fill={on ? 'currentColor' : 'none'} />
      </ActionIcon>
    </Tooltip>
  );
}

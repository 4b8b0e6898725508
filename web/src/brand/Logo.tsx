// The Rivalscope logo: a scope mark and the word mark, inline SVG so no asset is fetched.
import { Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';

export function LogoMark({ size = 28, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-7, #4338ca)" />
      <circle cx="14" cy="14" r="7" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M19.2 19.2 25 25" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M14 4.5v3M14 20.5v3M4.5 14h3M20.5 14h3" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" opacity="0.7" />
      <circle cx="14" cy="14" r="2.4" fill="#fbbf24" />
    </svg>
  );
}

export function Logo({ size = 28, withName = true, inverted = false }: { size?: number; withName?: boolean; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" align="center">
      <LogoMark size={size} />
      {withName && (
        <Text fw={800} fz={size * 0.68} lh={1} c={inverted ? 'white' : 'dark.7'} style={{ letterSpacing: '-0.02em' }}>
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}

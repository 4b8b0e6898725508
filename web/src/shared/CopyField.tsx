// A value to paste elsewhere (a URL for the identity provider, a token shown once): read-only, selected on focus,
// with a Copy button that says when it copied.
import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { CheckIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';

export function CopyField({ label, value, testId, monospace = false }: { label: string; value: string; testId: string; monospace?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
        style={{ flex: 1, minWidth: 0 }}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <CheckIcon size={16} /> : null} data-testid={`${testId}-copy`}>
            {copied ? t('app.copied') : t('app.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

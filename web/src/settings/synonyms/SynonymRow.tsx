// One entry of the list: its number, its chips, its kind and change status, its problems, and the edit and
// delete actions.
import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { AlertIcon, EditIcon, TrashIcon } from '../../brand/icons.tsx';
import { EntryChips } from './EntryChips.tsx';
import type { Draft, DraftStatus, EntryIssue } from './model.ts';
import '../../i18n/areas/companySettings.ts';

type Props = {
  draft: Draft;
  n: number;
  status: DraftStatus;
  issues: EntryIssue[];
  onEdit: (key: string) => void;
  onDelete: (key: string) => void;
};

/** "Terms: must hold at least one term" — the contract's message after the field it is about. */
export function useIssueText() {
  const { t } = useTranslation();
  return (issue: EntryIssue) =>
    issue.field
      ? t('companySettings.synonyms.fieldError', { field: t(`companySettings.synonyms.fields.${issue.field}`), message: issue.message })
      : issue.message;
}

export const SynonymRow = memo(function SynonymRow({ draft, n, status, issues, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const invalid = issues.length > 0;
  const bad = {
    terms: new Set(issues.filter((i) => i.field === 'terms' && i.index !== null).map((i) => i.index!)),
    mapsTo: new Set(issues.filter((i) => i.field === 'mapsTo' && i.index !== null).map((i) => i.index!)),
  };
  return (
    <Box
      component="li"
      id={`synonym-${draft.key}`}
      px={{ base: 'sm', xs: 'md' }}
      py="sm"
      aria-label={t('companySettings.synonyms.entryLabel', { n })}
      aria-invalid={invalid || undefined}
      data-testid="synonym-entry"
      data-kind={draft.oneWay ? 'one-way' : 'two-way'}
      data-status={status ?? undefined}
      data-invalid={invalid || undefined}
      style={{
        listStyle: 'none',
        borderTop: '1px solid var(--mantine-color-gray-2)',
        borderLeft: `3px solid ${invalid ? 'var(--mantine-color-red-6)' : status ? 'var(--mantine-color-indigo-4)' : 'transparent'}`,
        background: invalid ? 'var(--mantine-color-red-0)' : undefined,
        scrollMarginBlock: 80,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Text size="xs" c="dimmed" w={24} pt={6} ta="right" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }} aria-hidden>
          {n}
        </Text>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <EntryChips terms={draft.terms} mapsTo={draft.mapsTo} oneWay={draft.oneWay} bad={bad} />
          <Group gap={8}>
            <Text size="xs" c="dimmed">
              {t(draft.oneWay ? 'companySettings.synonyms.oneWay' : 'companySettings.synonyms.twoWay')}
            </Text>
            {status && (
              <Badge size="xs" variant="light" color="indigo" data-testid="synonym-entry-status">
                {t(`companySettings.synonyms.status.${status}`)}
              </Badge>
            )}
          </Group>
          {issues.map((issue, i) => (
            <Group key={i} gap={6} wrap="nowrap" align="flex-start" c="red.8" data-testid="synonym-entry-error">
              <AlertIcon size={14} style={{ flex: 'none', marginTop: 3 }} />
              <Text size="sm" c="red.8">
                {issueText(issue)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
          <Tooltip label={t('companySettings.synonyms.edit', { n })} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('companySettings.synonyms.edit', { n })}
              onClick={() => onEdit(draft.key)}
              data-testid="synonym-entry-edit"
            >
              <EditIcon size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('companySettings.synonyms.remove', { n })} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('companySettings.synonyms.remove', { n })}
              onClick={() => onDelete(draft.key)}
              data-testid="synonym-entry-delete"
            >
              <TrashIcon size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  );
});

// A dynamic data block inside the editor: a labelled box naming the formula, its companies and the
// Salesforce query type, with a warning style and the reason when it breaks the validity rule the
// renderer applies (part 2 §4, §5). Editing goes through the card editor's formula form.
import { ActionIcon, Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { createContext, useContext } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { CURRENT_RIVAL, parseFormula } from '../../../../contracts/cards.ts';
import { AlertIcon, CloseIcon, EditIcon } from '../../brand/icons.tsx';
import { useRivalsMinimal } from '../api.ts';
import { placeholderIssue } from './formulaText.ts';
import '../../i18n/areas/cardsAuthoring.ts';

/** Opens the formula form on the block at a document position. */
export const FormulaEditContext = createContext<(pos: number, placeholder: string) => void>(() => {});

export function FormulaChip({ node, selected, getPos, deleteNode }: NodeViewProps) {
  const { t } = useTranslation();
  const edit = useContext(FormulaEditContext);
  const rivals = useRivalsMinimal(true);
  const placeholder = String(node.attrs.formula ?? '');
  const formula = parseFormula(placeholder);
  const issue = placeholderIssue(placeholder);
  const name = formula ? t(`cardsAuthoring.editor.formula.types.${formula.formulaKey}`, { defaultValue: formula.formulaKey }) : placeholder;
  const companyName = (c: number | string) =>
    c === CURRENT_RIVAL
      ? t('cardsAuthoring.editor.formula.currentRival')
      : typeof c === 'number'
        ? (rivals.data?.find((r) => r.id === c)?.name ?? t('cardsAuthoring.editor.formula.rivalId', { id: c }))
        : c;
  const details = [...(formula?.companies.map(companyName) ?? []), ...(formula?.sfdcQueryType ? [formula.sfdcQueryType] : [])].join(' · ');
  const openForm = () => {
    const pos = getPos();
    if (typeof pos === 'number') edit(pos, placeholder);
  };

  return (
    <NodeViewWrapper data-testid="formula-block" data-valid={String(!issue)} data-formula={formula?.formulaKey ?? ''} data-drag-handle="">
      <Paper
        withBorder
        my="xs"
        px="sm"
        py={6}
        radius="sm"
        bg={issue ? 'yellow.0' : 'indigo.0'}
        bd={`1px ${selected ? 'solid' : 'dashed'} var(--mantine-color-${issue ? 'yellow-6' : 'indigo-4'})`}
        contentEditable={false}
        onDoubleClick={openForm}
        aria-label={t('cardsAuthoring.editor.formula.block', { name })}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge size="sm" variant="light" color={issue ? 'yellow' : 'indigo'} leftSection={issue ? <AlertIcon size={12} /> : undefined}>
              {t('cardsAuthoring.editor.formula.insert')}
            </Badge>
            <Text size="sm" fw={600} data-testid="formula-block-name">
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate data-testid="formula-block-companies">
              {details}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('cardsAuthoring.editor.formula.edit')}>
              <ActionIcon variant="subtle" size="sm" onClick={openForm} aria-label={t('cardsAuthoring.editor.formula.edit')} data-testid="formula-block-edit">
                <EditIcon size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('cardsAuthoring.editor.formula.remove')}>
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={deleteNode} aria-label={t('cardsAuthoring.editor.formula.remove')} data-testid="formula-block-remove">
                <CloseIcon size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {issue && (
          <Text size="xs" c="yellow.9" mt={4} data-testid="formula-block-issue">
            {t('cardsAuthoring.editor.formula.invalid')}: {t(`cardsAuthoring.editor.formula.issues.${issue}`)}
          </Text>
        )}
      </Paper>
    </NodeViewWrapper>
  );
}

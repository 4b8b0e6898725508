// The card editor's "Insert variable" control: the company's knowledge-hub variables (issue #58), each inserted as
// an inline token that shows its current value (extensions.ts). The list is the curators' hub call; when the hub is
// off (403) or not there (404) the control is simply not shown.
import { Menu, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import type { KnowledgeVariable } from '../../../../contracts/knowledgeHub.ts';
import { api } from '../../api/client.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { VARIABLE_NODE } from './extensions.ts';
import '../../i18n/areas/cardsAuthoring.ts';

export const variablesKey = ['knowledgeHub', 'variables'] as const;

export function VariableControl({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const variables = useQuery({
    queryKey: variablesKey,
    queryFn: ({ signal }) => api<KnowledgeVariable[]>('/api/knowledge_hub/variables', { signal }),
    staleTime: 60_000,
  });
  if (!variables.data) return null;
  const label = t('cardsAuthoring.editor.variable.insert');
  return (
    <Menu shadow="md" withinPortal position="bottom-start">
      <Menu.Target>
        <RichTextEditor.Control aria-label={label} title={label} px={6} w="auto" data-testid="card-editor-variable">
          {label}
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {variables.data.length === 0 && <Menu.Item disabled>{t('cardsAuthoring.editor.variable.none')}</Menu.Item>}
        {variables.data.map((v) => (
          <Menu.Item
            key={v.id}
            onClick={() => editor.chain().focus().insertContent({ type: VARIABLE_NODE, attrs: { key: v.key, value: v.value } }).run()}
            rightSection={<Text size="xs" c="dimmed" maw={160} truncate>{v.value}</Text>}
            data-testid={`card-editor-variable-${v.key}`}
          >
            {v.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

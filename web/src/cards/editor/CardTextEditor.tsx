// The card text editor (part 2 §2): Mantine's Tiptap toolbar for marks, headings, lists and history,
// with the product's own link (http/https only), image-by-URL, table and dynamic data controls, and an
// HTML source view. Dynamic data blocks are inserted at the top level, after the block holding the cursor;
// knowledge-hub variables inline, at the cursor.
import { Button, Group, Menu, Popover, Stack, Textarea, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { FORMULA_NODE, isHttpUrl } from './extensions.ts';
import { FormulaEditContext } from './FormulaChip.tsx';
import { FormulaForm } from './FormulaForm.tsx';
import { VariableControl } from './VariableControl.tsx';
import type { CardTextState } from './useCardText.ts';
import '../../i18n/areas/cardsAuthoring.ts';

/** A toolbar button that opens a small form for one http(s) address, and a description for images. */
function UrlControl(props: {
  label: string;
  testId: string;
  initial: () => string;
  urlLabel: string;
  altLabel?: string;
  invalid: string;
  submit: string;
  onSubmit: (url: string, alt: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setUrl(props.initial());
    setAlt('');
    setError(null);
    setOpened(true);
  };
  const apply = () => {
    const value = url.trim();
    if (!isHttpUrl(value)) return setError(props.invalid);
    setOpened(false);
    props.onSubmit(value, alt.trim());
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus shadow="md" withinPortal position="bottom-start">
      <Popover.Target>
        <RichTextEditor.Control onClick={open} aria-label={props.label} title={props.label} px={6} w="auto" data-testid={`card-editor-${props.testId}`}>
          {props.label}
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack
          gap="xs"
          component="form"
          w={300}
          onSubmit={(e) => {
            // The dropdown is portalled, but React bubbles the submit to the card form around the editor.
            e.preventDefault();
            e.stopPropagation();
            apply();
          }}
        >
          <TextInput label={props.urlLabel} placeholder="https://…" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={error} data-autofocus data-testid={`card-editor-${props.testId}-url`} />
          {props.altLabel && <TextInput label={props.altLabel} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} data-testid={`card-editor-${props.testId}-alt`} />}
          <Button type="submit" size="xs" data-testid={`card-editor-${props.testId}-apply`}>
            {props.submit}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function LinkControl({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  return (
    <UrlControl
      label={t('cardsAuthoring.editor.link.label')}
      testId="link"
      urlLabel={t('cardsAuthoring.editor.link.url')}
      invalid={t('cardsAuthoring.editor.link.invalid')}
      submit={t('cardsAuthoring.editor.link.apply')}
      initial={() => String(editor.getAttributes('link').href ?? '')}
      onSubmit={(href) => {
        const chain = editor.chain().focus().extendMarkRange('link');
        // With nothing selected the address itself becomes the linked text.
        if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
        else chain.setLink({ href }).run();
      }}
    />
  );
}

function ImageControl({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  return (
    <UrlControl
      label={t('cardsAuthoring.editor.image.label')}
      testId="image"
      urlLabel={t('cardsAuthoring.editor.image.url')}
      altLabel={t('cardsAuthoring.editor.image.alt')}
      invalid={t('cardsAuthoring.editor.image.invalid')}
      submit={t('cardsAuthoring.editor.image.insert')}
      initial={() => ''}
      onSubmit={(src, alt) => editor.chain().focus().setImage({ src, alt: alt || undefined }).run()}
    />
  );
}

function TableControl({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const inTable = editor.isActive('table');
  const item = (key: string, run: (e: Editor) => boolean, enabled = inTable) => (
    <Menu.Item disabled={!enabled} onClick={() => run(editor)} data-testid={`card-editor-table-${key}`}>
      {t(`cardsAuthoring.editor.table.${key}`)}
    </Menu.Item>
  );
  return (
    <Menu shadow="md" withinPortal position="bottom-start">
      <Menu.Target>
        <RichTextEditor.Control active={inTable} aria-label={t('cardsAuthoring.editor.table.label')} title={t('cardsAuthoring.editor.table.label')} px={6} w="auto" data-testid="card-editor-table">
          {t('cardsAuthoring.editor.table.label')}
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        {item('insert', (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), !inTable)}
        {item('addRow', (e) => e.chain().focus().addRowAfter().run())}
        {item('addColumn', (e) => e.chain().focus().addColumnAfter().run())}
        {item('deleteRow', (e) => e.chain().focus().deleteRow().run())}
        {item('deleteColumn', (e) => e.chain().focus().deleteColumn().run())}
        {item('toggleHeader', (e) => e.chain().focus().toggleHeaderRow().run())}
        {item('delete', (e) => e.chain().focus().deleteTable().run())}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Puts a formula node at the top level: in place of an empty paragraph, else after the cursor's block. */
function insertFormula(editor: Editor, formula: string) {
  const { $from } = editor.state.selection;
  const node = { type: FORMULA_NODE, attrs: { formula } };
  if ($from.depth === 0) return editor.chain().focus().insertContentAt($from.pos, node).run();
  const top = $from.node(1);
  const range = top.type.name === 'paragraph' && top.content.size === 0 ? { from: $from.before(1), to: $from.after(1) } : $from.after(1);
  editor.chain().focus().insertContentAt(range, node).run();
}

type FormTarget = { pos: number | null; placeholder: string | null };

export function CardTextEditor({ text, rivalId }: { text: CardTextState; rivalId: number | null }) {
  const { t } = useTranslation();
  const { editor } = text;
  const [form, setForm] = useState<FormTarget | null>(null);
  // The text area itself (Tiptap's role="textbox") is what takes focus: it carries the name.
  const bodyLabel = t('cardsAuthoring.editor.body');
  useEffect(() => {
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: { 'aria-label': bodyLabel, 'aria-multiline': 'true' } } });
  }, [editor, bodyLabel]);
  const labels = {
    boldControlLabel: t('cardsAuthoring.editor.toolbar.bold'),
    italicControlLabel: t('cardsAuthoring.editor.toolbar.italic'),
    underlineControlLabel: t('cardsAuthoring.editor.toolbar.underline'),
    h2ControlLabel: t('cardsAuthoring.editor.toolbar.h2'),
    h3ControlLabel: t('cardsAuthoring.editor.toolbar.h3'),
    h4ControlLabel: t('cardsAuthoring.editor.toolbar.h4'),
    bulletListControlLabel: t('cardsAuthoring.editor.toolbar.bulletList'),
    orderedListControlLabel: t('cardsAuthoring.editor.toolbar.orderedList'),
    unlinkControlLabel: t('cardsAuthoring.editor.toolbar.unlink'),
    undoControlLabel: t('cardsAuthoring.editor.toolbar.undo'),
    redoControlLabel: t('cardsAuthoring.editor.toolbar.redo'),
  };
  const submitFormula = (placeholder: string) => {
    if (form?.pos != null) editor.chain().focus().setNodeSelection(form.pos).updateAttributes(FORMULA_NODE, { formula: placeholder }).run();
    else insertFormula(editor, placeholder);
    setForm(null);
  };
  const sourceLabel = t(text.source === null ? 'cardsAuthoring.editor.toolbar.source' : 'cardsAuthoring.editor.toolbar.rich');

  return (
    <FormulaEditContext.Provider value={(pos, placeholder) => setForm({ pos, placeholder })}>
      <RichTextEditor editor={editor} labels={labels} data-testid="card-editor-body">
        <RichTextEditor.Toolbar>
          {text.source === null && (
            <>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Underline />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.H4 />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <LinkControl editor={editor} />
                <RichTextEditor.Unlink />
                <ImageControl editor={editor} />
                <TableControl editor={editor} />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Control onClick={() => setForm({ pos: null, placeholder: null })} px={6} w="auto" aria-label={t('cardsAuthoring.editor.formula.newTitle')} title={t('cardsAuthoring.editor.formula.newTitle')} data-testid="card-editor-formula">
                  {t('cardsAuthoring.editor.formula.insert')}
                </RichTextEditor.Control>
                <VariableControl editor={editor} />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Undo />
                <RichTextEditor.Redo />
              </RichTextEditor.ControlsGroup>
            </>
          )}
          <Group ml="auto">
            <RichTextEditor.Control onClick={text.toggleSource} active={text.source !== null} px={6} w="auto" aria-label={sourceLabel} title={sourceLabel} data-testid="card-editor-source">
              {'</>'}
            </RichTextEditor.Control>
          </Group>
        </RichTextEditor.Toolbar>
        {/* Stays mounted while the source is edited, so the editor keeps its view and history. */}
        <RichTextEditor.Content mih={200} display={text.source === null ? undefined : 'none'} data-testid="card-editor-content" />
        {text.source !== null && (
          <Textarea
            aria-label={t('cardsAuthoring.editor.text')}
            description={t('cardsAuthoring.editor.textHint')}
            value={text.source}
            onChange={(e) => text.setSource(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={18}
            p="xs"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            data-testid="card-editor-text"
          />
        )}
      </RichTextEditor>
      {form && <FormulaForm initial={form.placeholder} rivalId={rivalId} onSubmit={submitFormula} onClose={() => setForm(null)} />}
    </FormulaEditContext.Provider>
  );
}

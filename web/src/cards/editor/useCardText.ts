// The card text being edited: a Tiptap editor over the card schema (extensions.ts), or, while the curator
// edits the HTML source, that source. Loads stored card HTML, reads it back as the card stores it
// (formulaText.ts), and knows whether anything changed and how many dynamic data blocks are invalid.
import { ReactNodeViewRenderer, useEditor } from '@tiptap/react';
import { useCallback, useMemo, useState } from 'react';
import { cardExtensions, FORMULA_NODE } from './extensions.ts';
import { FormulaChip } from './FormulaChip.tsx';
import { editorHtml, placeholderIssue, storedText, type StoredText } from './formulaText.ts';

export function useCardText() {
  const extensions = useMemo(() => cardExtensions(ReactNodeViewRenderer(FormulaChip)), []);
  const [dirty, setDirty] = useState(false);
  const [source, setSourceText] = useState<string | null>(null);
  // Toolbar states (bold, in a table, ...) and the invalid-block count follow every transaction.
  const editor = useEditor({ extensions, shouldRerenderOnTransaction: true, onUpdate: () => setDirty(true) });

  /** Shows a stored card's text; not a change. */
  const load = useCallback((textHtml: string) => editor.commands.setContent(editorHtml(textHtml), { emitUpdate: false }), [editor]);

  const current = useCallback((): StoredText => {
    if (source !== null) editor.commands.setContent(editorHtml(source), { emitUpdate: false });
    return storedText(editor.isEmpty ? '' : editor.getHTML());
  }, [editor, source]);

  const toggleSource = useCallback(() => {
    if (source === null) return setSourceText(current().textHtml);
    current();
    setSourceText(null);
  }, [current, source]);

  let invalidBlocks = 0;
  editor.state.doc.forEach((node) => {
    if (node.type.name === FORMULA_NODE && placeholderIssue(String(node.attrs.formula)) !== null) invalidBlocks++;
  });

  return {
    editor,
    dirty,
    load,
    /** The text as the card stores it (the source, when the curator is editing it). */
    current,
    source,
    setSource: (html: string) => {
      setSourceText(html);
      setDirty(true);
    },
    toggleSource,
    invalidBlocks,
  };
}

export type CardTextState = ReturnType<typeof useCardText>;

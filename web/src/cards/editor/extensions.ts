// The card editor's document schema (Tiptap): what the toolbar can make, limited to markup the one
// allow-list keeps (contracts/html.ts), plus the formula node of dynamic data blocks. Formula nodes sit
// only at the top level of the document, so the card HTML splits around them into whole html blocks
// (formulaText.ts). The React node view is plugged in by the editor; without it (tests) the schema is the same.
// A knowledge-hub variable is an inline atom: it loads from the token the server filled with the current value
// (contracts/cardVariables.ts), shows that value, and saves back as the bare token.
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Node, type Extensions, type NodeViewRenderer } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { VARIABLE_ATTR, variablePlaceholder } from '../../../../contracts/cardVariables.ts';

export const FORMULA_NODE = 'formulaBlock';
export const VARIABLE_NODE = 'cardVariable';

/** Only http and https links (part 1 §5 URL rule); anything else is refused by setLink, autolink and paste. */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

const CardDocument = Node.create({ name: 'doc', topNode: true, content: '(block | formula)+' });

function formulaNode(view?: NodeViewRenderer) {
  return Node.create({
    name: FORMULA_NODE,
    group: 'formula',
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes: () => ({
      formula: { default: '', parseHTML: (el) => el.getAttribute('data-formula') ?? '', renderHTML: (a) => ({ 'data-formula': a.formula }) },
    }),
    parseHTML: () => [{ tag: 'div[data-formula]' }],
    renderHTML: ({ HTMLAttributes }) => ['div', HTMLAttributes],
    ...(view ? { addNodeView: () => view } : {}),
  });
}

const variableNode = Node.create({
  name: VARIABLE_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({
    key: { default: '', parseHTML: (el) => el.getAttribute(VARIABLE_ATTR) ?? '', renderHTML: (a) => ({ [VARIABLE_ATTR]: a.key }) },
    // What it shows: the value the card was read with, or the one picked from the list. Never saved: the value lives in the hub.
    value: { default: null, parseHTML: (el) => el.textContent, rendered: false },
  }),
  parseHTML: () => [{ tag: `span[${VARIABLE_ATTR}]`, priority: 100 }],
  renderHTML: ({ node, HTMLAttributes }) => ['span', HTMLAttributes, variablePlaceholder(String(node.attrs.key))],
  addNodeView: () => ({ node }) => {
    const dom = document.createElement('span');
    dom.setAttribute(VARIABLE_ATTR, String(node.attrs.key));
    dom.setAttribute('data-testid', 'card-variable');
    dom.title = variablePlaceholder(String(node.attrs.key));
    dom.textContent = String(node.attrs.value || variablePlaceholder(String(node.attrs.key)));
    dom.setAttribute('contenteditable', 'false');
    Object.assign(dom.style, { background: 'var(--mantine-color-indigo-0)', borderBottom: '1px dotted var(--mantine-color-indigo-4)', borderRadius: '3px', padding: '0 2px' });
    return { dom };
  },
});

export function cardExtensions(formulaView?: NodeViewRenderer): Extensions {
  return [
    StarterKit.configure({
      document: false,
      heading: { levels: [2, 3, 4] },
      // Links keep only their href: the renderer decides target and rel (cardHtml.ts).
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: isHttpUrl, HTMLAttributes: { target: null, rel: null, class: null } },
    }),
    CardDocument,
    // No column resizing: its widths would live in attributes the allow-list drops.
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    formulaNode(formulaView),
    variableNode,
  ];
}

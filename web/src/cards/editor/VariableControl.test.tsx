// @vitest-environment jsdom
// The card editor with knowledge-hub variables: a card read with a variable's value shows it and saves the bare
// token back; "Insert variable" lists the company's variables and inserts one; without the hub (403, 404) the
// control is not there.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useEffect } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variableTokenHtml } from '../../../../contracts/cardVariables.ts';
import type { KnowledgeVariable } from '../../../../contracts/knowledgeHub.ts';
import { theme } from '../../core/theme.ts';
import { screenHarness } from '../../test/screenHarness.ts';
import { settle } from '../../test/routedScreen.tsx';
import { CardTextEditor } from './CardTextEditor.tsx';
import { useCardText, type CardTextState } from './useCardText.ts';

const variables: KnowledgeVariable[] = [
  { id: 1, key: 'customer_count', label: 'Customer count', value: '4,200', updatedAt: '2026-12-01T00:00:00Z', updatedBy: null },
  { id: 2, key: 'tier', label: 'Top tier', value: 'Enterprise', updatedAt: '2026-12-01T00:00:00Z', updatedBy: null },
];
let hub: number = 200;
const screen = screenHarness(async (input) => {
  if (String(input).startsWith('/api/knowledge_hub/variables')) {
    return hub === 200 ? new Response(JSON.stringify(variables), { status: 200 }) : new Response(JSON.stringify({ error: 'knowledge_hub_off' }), { status: hub });
  }
  return new Response('[]', { status: 200 });
});

// ProseMirror measures the selection to scroll it into view; jsdom lays nothing out. Put back after: the web tests share a window.
const measured = { getClientRects: Range.prototype.getClientRects, getBoundingClientRect: Range.prototype.getBoundingClientRect };
beforeAll(() => {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterAll(() => Object.assign(Range.prototype, measured));

let text: CardTextState;
function Host({ html }: { html: string }) {
  text = useCardText();
  const { load } = text;
  useEffect(() => {
    load(html);
  }, [load, html]);
  return <CardTextEditor text={text} rivalId={null} />;
}

async function render(html: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    screen.root.render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <Host html={html} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
}
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('variables in the card editor', () => {
  it('shows a variable with the value the card was read with, and saves the bare token', async () => {
    hub = 200;
    await render('<p>Trusted by <span data-variable="customer_count">4,200</span> teams.</p>');
    const chip = byTestId('card-variable')!;
    expect(chip.textContent).toBe('4,200');
    expect(chip.getAttribute('contenteditable')).toBe('false');
    expect(text.current().textHtml).toBe(`<p>Trusted by ${variableTokenHtml('customer_count')} teams.</p>`);
  });

  it('inserts a variable picked from the company’s list at the cursor', async () => {
    hub = 200;
    await render('<p>Customers:</p>');
    act(() => {
      text.editor.commands.focus('end');
    });
    act(() => byTestId('card-editor-variable')!.click());
    await settle();
    expect(byTestId('card-editor-variable-tier')!.textContent).toContain('Top tier');
    act(() => byTestId('card-editor-variable-customer_count')!.click());
    await settle();
    expect(byTestId('card-variable')!.textContent).toBe('4,200');
    expect(text.current().textHtml).toBe(`<p>Customers:${variableTokenHtml('customer_count')}</p>`);
  });

  it('has no control when the hub is off or not there', async () => {
    for (const status of [403, 404]) {
      hub = status;
      await render('<p>x</p>');
      expect(byTestId('card-editor-formula')).not.toBeNull();
      expect(byTestId('card-editor-variable')).toBeNull();
      screen.remount();
    }
  });
});

// The Teams cards, checked by Microsoft's own Adaptive Cards library (the renderer Teams' clients share): every card the
// product posts parses without a warning and validates; a broken card does not, so the check can fail. And what a
// Workflows answer means for a delivery.
import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../outbound/errors.ts';
import type { DigestPost, IntelPost } from '../senders.ts';
import { ADAPTIVE_CARD_VERSION, digestCard, failedPost, intelCard, retryAfterSeconds, workflowMessage, type AdaptiveCard } from './post.ts';

// The package's ESM entry (lib/) does not resolve in Node, its UMD bundle does; the bundle's own typings declare
// ambient modules, so it is typed as the package.
const bundle: string = 'adaptivecards/dist/adaptivecards.js';
const AC = (await import(bundle)) as typeof import('adaptivecards');

/** What the library reports of a card: parse events and validation failures, as messages. */
function problemsOf(json: unknown): string[] {
  const card = new AC.AdaptiveCard();
  const context = new AC.SerializationContext();
  card.parse(json, context);
  const parsed = Array.from({ length: context.eventCount }, (_, i) => context.getEventAt(i).message);
  return [...parsed, ...card.validateProperties().validationEvents.map((e) => e.message)];
}

const item: IntelPost = {
  kind: 'intel',
  id: 7,
  title: 'DataHarbor cuts prices by 20% [Q3]',
  summary: 'Their *Pro* plan drops to $40 per seat; the change shows on the pricing page.',
  rivals: [
    { id: 1, name: 'DataHarbor' },
    { id: 2, name: 'Quillsoft' },
  ],
  topics: ['pricing'],
  priority: 'important',
  sourceUrl: 'https://dataharbor.example/pricing',
  url: 'https://app.example/alerts/7',
  publishedAt: '2026-12-07T08:00:00.000Z',
};
const digest: DigestPost = {
  kind: 'digest',
  id: 3,
  title: 'Weekly digest',
  items: Array.from({ length: 12 }, (_, i) => ({ title: `Item ${i + 1}`, summary: `Summary ${i + 1}`, url: `https://app.example/alerts/${i + 1}`, rivals: i % 2 ? ['DataHarbor'] : [] })),
  url: 'https://app.example/digest/3',
  sentAt: '2026-12-07T08:00:00.000Z',
};

describe('the Teams Adaptive Cards', () => {
  it('an intel card is valid Adaptive Card 1.5, with the rivals and priority as facts and links to the item and its source', () => {
    const card = intelCard(item);
    expect(problemsOf(card)).toEqual([]);
    expect(card.version).toBe(ADAPTIVE_CARD_VERSION);
    expect(card.body.find((e) => e.type === 'FactSet')).toEqual({
      type: 'FactSet',
      facts: [
        { title: 'Rivals', value: 'DataHarbor, Quillsoft' },
        { title: 'Priority', value: 'Important' },
        { title: 'Topics', value: 'pricing' },
      ],
    });
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open in Rivalscope', url: item.url },
      { type: 'Action.OpenUrl', title: 'Read the source', url: item.sourceUrl },
    ]);
  });

  it('an item without source, rivals or priority is still valid, without empty facts or a dead link', () => {
    const card = intelCard({ ...item, rivals: [], topics: [], priority: null, sourceUrl: null, summary: '' });
    expect(problemsOf(card)).toEqual([]);
    expect(card.body.some((e) => e.type === 'FactSet')).toBe(false);
    expect(card.actions).toHaveLength(1);
  });

  it('a digest card is valid, lists ten items and says how many more', () => {
    const card = digestCard(digest);
    expect(problemsOf(card)).toEqual([]);
    expect(card.body.filter((e) => e.type === 'Container')).toHaveLength(10);
    expect(JSON.stringify(card)).toContain('2 more items in the digest');
  });

  it('the check fails a broken card: an unknown element, an action without its URL', () => {
    const broken: AdaptiveCard = { ...intelCard(item), body: [{ type: 'Headline', text: 'x' }], actions: [{ type: 'Action.OpenUrl', title: 'Open' }] };
    expect(problemsOf(broken).length).toBeGreaterThan(0);
  });

  it('wraps the card as a Workflows webhook expects', () => {
    const card = intelCard(item);
    expect(workflowMessage(card)).toEqual({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }] });
  });
});

describe('what a Workflows answer means', () => {
  const http = (status: number, retryAfter?: string) => new OutboundError('http', `prod.logic.azure.com answered ${status}`, { status, retryAfter });

  it('404 and 410: the workflow is gone, trying again cannot help', () => {
    for (const status of [404, 410]) {
      const result = failedPost(http(status));
      expect(result).toMatchObject({ ok: false, statusCode: status, permanent: true });
      expect(!result.ok && result.error).toMatch(/workflow .* deleted or turned off/);
    }
  });

  it('429 with Retry-After: when to try again', () => {
    expect(failedPost(http(429, '120'))).toMatchObject({ ok: false, statusCode: 429, retryAfterSeconds: 120 });
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });

  it('other failures are retried; a refused address is not', () => {
    expect(failedPost(http(502))).toEqual({ ok: false, statusCode: 502, error: 'prod.logic.azure.com answered 502' });
    expect(failedPost(new OutboundError('timeout', 'x did not answer'))).toEqual({ ok: false, statusCode: null, error: 'x did not answer' });
    expect(failedPost(new OutboundError('address', 'x leads to 10.0.0.1'))).toMatchObject({ permanent: true });
  });
});

import { describe, expect, it } from 'vitest';
import { dequeue, enqueue, itemsIn, replay, type PendingUpdate } from './retryQueue.ts';

const one: PendingUpdate = { kind: 'one', intelId: 5, update: { state: 'archived' } };
const bulk: PendingUpdate = { kind: 'ids', intelIds: [1, 2, 3], update: { priority: 'important' } };

describe('retry queue', () => {
  it('queues failed updates once each and counts their items', () => {
    let q = enqueue([], one, 'Server error');
    q = enqueue(q, bulk, 'Server error');
    q = enqueue(q, one, 'Still failing');
    expect(q.map((e) => e.kind)).toEqual(['ids', 'one']);
    expect(q[1].error).toBe('Still failing');
    expect(itemsIn(q)).toBe(4);
    expect(dequeue(q, q[0].key)).toHaveLength(1);
  });

  it('replays in order and keeps what fails again', async () => {
    const q = enqueue(enqueue([], one, 'x'), bulk, 'y');
    const sent: string[] = [];
    const failed = await replay(q, async (u) => {
      sent.push(u.kind);
      if (u.kind === 'ids') throw new Error('Server error');
    });
    expect(sent).toEqual(['one', 'ids']);
    expect(failed.map((e) => [e.kind, (e.error as Error).message])).toEqual([['ids', 'Server error']]);
  });
});

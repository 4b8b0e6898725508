import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ThreadPool, threadStats } from '../threads/pool.ts';
import { diffPage, isSignificant } from './diff.ts';
import { pageText } from './extract.ts';
import { parseFeed } from './feeds.ts';
import { parseBody, type Parsed, type ParseRequest } from './parse.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const stats = threadStats();
const pool = new ThreadPool<ParseRequest, Parsed>(new URL('./parse-worker.ts', import.meta.url), 1, { name: 'monitors', idleMs: 1_000, stats });
afterAll(() => pool.close());
const onThread = (req: ParseRequest) =>
  pool.run(req, () => {
    throw new Error('ran in the caller’s thread');
  });

describe('a body parsed on a monitors thread', () => {
  const url = 'https://dataharbor.example/pricing';
  const v1 = pageText(fixture('pricing-v1.html'), { url });

  it('reads a page, and its change since the last snapshot, as the caller’s thread does', async () => {
    const req: ParseRequest = { kind: 'page', html: fixture('pricing-v2.html'), url, selector: null, before: v1 };
    const parsed = await onThread(req);
    expect(parsed).toEqual(parseBody(req));
    const diff = diffPage(v1, pageText(fixture('pricing-v2.html'), { url }));
    expect(parsed).toMatchObject({ kind: 'page', change: { diff, significant: isSignificant(diff) } });
  });

  it('has no change on a first check or when the text is the same', async () => {
    expect(await onThread({ kind: 'page', html: fixture('pricing-v1.html'), url, selector: null, before: null })).toMatchObject({ change: null });
    expect(await onThread({ kind: 'page', html: fixture('pricing-v1.html'), url, selector: null, before: v1 })).toMatchObject({ change: null });
  });

  it('reads a feed, and answers a malformed one or a selector that matches nothing as a failure', async () => {
    expect(await onThread({ kind: 'feed', text: fixture('rss2.xml') })).toEqual({ kind: 'feed', feed: parseFeed(fixture('rss2.xml')) });
    expect(await onThread({ kind: 'feed', text: '<rss><channel>' })).toMatchObject({ kind: 'failed', code: 'feed_malformed' });
    expect(await onThread({ kind: 'page', html: fixture('pricing-v1.html'), url, selector: '#nowhere', before: null })).toMatchObject({ kind: 'failed', code: 'selector_not_found' });
    expect(stats).toMatchObject({ threadsStarted: 1, callerJobs: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../server-shared/secretBox.ts';
import { highlightToMrkdwn, mrkdwn } from './blocks.ts';
import { slackTextToPlain } from './shortcut.ts';
import { installState, stateHolds } from './state.ts';
import { productLink } from './unfurl.ts';
import { signatureHolds, slackSignature } from './verify.ts';

const APP = 'https://app.rivalscope.test';

describe('productLink', () => {
  it('tells cards, battlecards, landing pages and intel items of the product apart', () => {
    expect(productLink(`${APP}/profile/3?viewCard=42`, APP)).toEqual({ kind: 'card', id: 42 });
    expect(productLink(`${APP}/card/embed/42`, APP)).toEqual({ kind: 'card', id: 42 });
    expect(productLink(`${APP}/profile/3/battlecard/view/8`, APP)).toEqual({ kind: 'battlecard', id: 8 });
    expect(productLink(`${APP}/company/4`, APP)).toEqual({ kind: 'landing', id: 4 });
    expect(productLink(`${APP}/alerts?alertId=77`, APP)).toEqual({ kind: 'intel', id: 77 });
  });

  it('leaves other sites and pages without a preview alone', () => {
    expect(productLink('https://elsewhere.test/card/embed/42', APP)).toBeNull();
    expect(productLink(`${APP}/dashboard`, APP)).toBeNull();
    expect(productLink(`${APP}/card/embed/0`, APP)).toBeNull();
    expect(productLink('not a url', APP)).toBeNull();
  });
});

describe('Slack text', () => {
  it('escapes what mrkdwn reads as markup', () => {
    expect(mrkdwn('<!channel> & <@U1>')).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt;');
    expect(highlightToMrkdwn('a <em>match</em> &amp; <b>more</b> &lt;x&gt;')).toBe('a *match* &amp; more &lt;x&gt;');
  });

  it('reads a message’s links and mentions as words', () => {
    expect(slackTextToPlain('See <https://x.test/p|the page> and <https://y.test> &amp; <@U123|ada> in <#C1|general>')).toBe(
      'See the page (https://x.test/p) and https://y.test & ada in general',
    );
  });
});

describe('signatures and state', () => {
  it('holds for the exact body and secret only', () => {
    const body = Buffer.from('token=x&team_id=T1&text=pricing');
    const sig = slackSignature('secret', '1700000000', body);
    expect(signatureHolds('secret', '1700000000', body, sig)).toBe(true);
    expect(signatureHolds('other', '1700000000', body, sig)).toBe(false);
    expect(signatureHolds('secret', '1700000001', body, sig)).toBe(false);
    expect(signatureHolds('secret', '1700000000', Buffer.from('token=x&team_id=T1&text=pricinG'), sig)).toBe(false);
    expect(signatureHolds('secret', '1700000000', body, 'v0=short')).toBe(false);
  });

  it('binds an install state to its admin and company, for a while', () => {
    const box = new SecretBox('k'.repeat(32));
    const state = installState(box, 1, 2, 1_000);
    expect(stateHolds(box, state, { companyId: 1, userId: 2 }, 2_000)).toBe(true);
    expect(stateHolds(box, state, { companyId: 1, userId: 3 }, 2_000)).toBe(false);
    expect(stateHolds(box, state, { companyId: 9, userId: 2 }, 2_000)).toBe(false);
    expect(stateHolds(box, state, { companyId: 1, userId: 2 }, 1_000 + 16 * 60_000)).toBe(false);
    expect(stateHolds(new SecretBox('z'.repeat(32)), state, { companyId: 1, userId: 2 }, 2_000)).toBe(false);
    expect(stateHolds(box, 'garbage', { companyId: 1, userId: 2 }, 2_000)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { OutboundClient } from '../outbound/client.ts';
import { OutboundError } from '../outbound/errors.ts';
import { parseAllowHosts } from '../outbound/rules.ts';
import { discoverIssuer } from './oidc.ts';

/** The first OutboundError in an error's cause chain (openid-client may wrap what its fetch threw). */
function outboundCause(err: unknown): OutboundError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof OutboundError) return e;
  return undefined;
}

describe('OIDC discovery', () => {
  it('reaches the issuer through the outbound client, whose address rules refuse an internal host not allowed', async () => {
    const none = parseAllowHosts('');
    const err = await discoverIssuer({ nodeEnv: 'test', allowHosts: none, outbound: new OutboundClient({ allowHosts: none }) }, 'http://127.0.0.1:9/', 'id', 'secret').catch(
      (e: unknown) => e,
    );
    expect(outboundCause(err)?.reason).toBe('address');
  });
});

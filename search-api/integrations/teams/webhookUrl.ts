// The Workflows webhook URL of a Teams routing rule, checked before it is sealed: not a retired Office 365 connector
// (Microsoft stopped those; a workflow replaces them), and a destination the outbound rules allow (https, or http to
// an allowed host; no private address once resolved).
import { fieldError } from '../../errors.ts';
import type { OutboundClient } from '../../outbound/client.ts';
import { OutboundError } from '../../outbound/errors.ts';

/** Connector URLs: <tenant>.webhook.office.com/webhookb2/…, and the older outlook.office(365).com/webhook/…. */
export function isRetiredConnector(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const path = url.pathname.toLowerCase();
  if ((host === 'webhook.office.com' || host.endsWith('.webhook.office.com')) && path.startsWith('/webhookb2/')) return true;
  return (host === 'outlook.office.com' || host === 'outlook.office365.com') && path.startsWith('/webhook/');
}

/** The URL, normalized, when a Teams routing rule may post to it; a 400 naming webhookUrl otherwise. */
export async function checkTeamsWebhookUrl(outbound: OutboundClient, raw: string): Promise<string> {
  if (URL.canParse(raw) && isRetiredConnector(new URL(raw))) throw fieldError('teams_connector_retired', 'webhookUrl');
  try {
    return (await outbound.checkDestination(raw)).href;
  } catch (err) {
    if (err instanceof OutboundError) throw fieldError('chat_webhook_url_refused', 'webhookUrl', { problem: err.message });
    throw err;
  }
}

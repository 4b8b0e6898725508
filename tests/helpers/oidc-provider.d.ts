// The part of oidc-provider's API the SSO tests use (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Grant = { addOIDCScope(scope: string): void; addOIDCClaims(claims: string[]): void; save(): Promise<string> };
  type Ctx = { oidc: { client: { clientId: string }; session: { accountId: string; grantIdFor(clientId: string): string | undefined }; result?: { consent?: { grantId?: string } } } };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: { new (init: { clientId: string; accountId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
  export type { Ctx };
}

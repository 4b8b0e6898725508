// A real form POST standing for DELETE (sign-out, revert impersonation): _method=DELETE and the
// session's authenticity_token, as the server expects (part 1 §7).
import type { ReactNode } from 'react';
import { getCsrfToken } from '../api/client.ts';

export const SIGNOUT_ACTION = '/account/signout';
export const REVERT_IMPERSONATION_ACTION = '/impersonate/revert';

export function DeleteFormPost({ action, csrfToken, children }: { action: string; csrfToken?: string; children: ReactNode }) {
  return (
    <form method="post" action={action} style={{ display: 'contents' }}>
      <input type="hidden" name="_method" value="DELETE" />
      <input type="hidden" name="authenticity_token" value={csrfToken ?? getCsrfToken() ?? ''} />
      {children}
    </form>
  );
}

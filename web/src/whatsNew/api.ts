// Recording that the user opened What's new: the newest entry's day goes into their userData (seen.ts), and the
// session's user takes the answer, so the user menu's mark goes at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putUserData, queryKeys } from '../api/session.ts';
import { WHATS_NEW_SEEN_KEY } from './seen.ts';

export function useMarkWhatsNewSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => putUserData(WHATS_NEW_SEEN_KEY, day),
    onSuccess: (me) => client.setQueryData(queryKeys.me, me),
  });
}

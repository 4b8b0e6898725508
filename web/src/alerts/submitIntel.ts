// The submit-intel dialog's rules (part 2 §4 Submit intel, §5): the competitor list is every rival plus
// Other (-1, sent as null rivals); the button is disabled while the text is empty or a submit is running.
import type { z } from 'zod';
import type { SubmitIntelBody } from '../../../contracts/intel.ts';
import { SUBMIT_INTEL_OTHER } from './constants.ts';

export type SubmitIntelStatus = 'none' | 'loading' | 'success' | 'error';

export const canSubmitIntel = (content: string, status: SubmitIntelStatus): boolean => content.trim() !== '' && status !== 'loading';

export function submitIntelBody(form: { rival: string | null; title: string; content: string }): z.input<typeof SubmitIntelBody> {
  const rival = form.rival && form.rival !== SUBMIT_INTEL_OTHER ? Number(form.rival) : null;
  return {
    item: { alert_type: 'in-app', title: form.title.trim(), content: form.content.trim() },
    rivals: rival === null || !Number.isInteger(rival) || rival <= 0 ? null : [rival],
  };
}

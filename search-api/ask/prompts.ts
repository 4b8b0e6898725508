// Who gets which part of the prompt library (part 3 §3 Prompt template, §6; the library is contracts/ask.ts):
// curators and admins every type, everyone else seller prompts only.
import { PROMPT_TEMPLATES, PROMPT_TYPES, type PromptType } from '../../contracts/ask.ts';

/** The prompt types a user may use, in tab order. */
export const promptTypesFor = (curator: boolean): PromptType[] => (curator ? [...PROMPT_TYPES] : ['seller']);

export const templatesFor = (curator: boolean) => {
  const types = promptTypesFor(curator);
  return PROMPT_TEMPLATES.filter((t) => types.includes(t.type));
};

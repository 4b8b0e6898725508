// The prompt library's words are the web app's strings: every template and wizard flow the server offers
// (contracts/ask.ts) has them in every language, filled with the names and answers it is given.
import { describe, expect, it } from 'vitest';
import { PROMPT_TEMPLATES, WIZARD_FLOWS } from '../../../contracts/ask.ts';
import i18n, { i18nReady, loadArea, SUPPORTED_LANGUAGES, type Translate } from '../i18n/index.ts';
import { templateWords } from './model.ts';

await i18nReady();
for (const language of SUPPORTED_LANGUAGES) await i18n.loadLanguages(language);
await loadArea('ask');

describe.each(SUPPORTED_LANGUAGES)('the prompt library in %s', (language) => {
  const t: Translate = (key, values) => i18n.getFixedT(language)(key, { ...values, fallbackLng: [] });
  const has = (key: string) => i18n.exists(key, { lng: language, fallbackLng: [] });

  it('words every template, naming the rival in its title and prompt (suggestions pair each with a rival)', () => {
    for (const template of PROMPT_TEMPLATES) {
      expect(has(`ask.prompts.${template.id}.text`) && has(`ask.prompts.${template.id}.prompt`), template.id).toBe(true);
      const words = templateWords(t, template, { company: 'Northwind', rival: 'Acme' });
      expect(words.text, template.id).toContain('Acme');
      expect(words.prompt, template.id).toContain('Acme');
    }
  });

  it('words every wizard flow, its final prompt holding every answer', () => {
    for (const flow of WIZARD_FLOWS) {
      const keys = [`ask.wizard.flows.${flow.id}.title`, ...flow.questions.map((q) => `ask.wizard.flows.${flow.id}.questions.${q.id}`)];
      for (const key of keys) expect(has(key), key).toBe(true);
      const answers = { COMPETITOR: 'Acme', USECASE: 'board reporting', OBJECTIONS: 'too expensive' };
      const prompt = t(`ask.wizard.flows.${flow.id}.finalPrompt`, answers);
      for (const answer of Object.values(answers)) expect(prompt, flow.id).toContain(answer);
    }
  });
});

it('reads German to a German reader', () => {
  expect(i18n.getFixedT('de')('ask.prompts.seller-1.text', { rival: 'Acme', company: 'Northwind' })).toBe('Warum wir gegen Acme gewinnen');
  expect(i18n.getFixedT('en')('ask.wizard.flows.objection.title')).toBe('Handle an objection');
  expect(i18n.getFixedT('de')('ask.wizard.flows.objection.title')).toBe('Einen Einwand behandeln');
});

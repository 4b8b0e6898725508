// The prompt library (part 3 §3 Prompt template, §6): 22 templates over the four prompt types, with
// the company and rival placeholders; curators and admins get every type, everyone else seller only.
// And the wizard flows (§3 Wizard flow, §4.2): three questions whose answers fill the final prompt.
import { PROMPT_TYPES, type PromptTemplate, type PromptType, type WizardFlow } from '../../contracts/ask.ts';

const T = (type: PromptType, n: number, text: string, prompt: string): PromptTemplate => ({ id: `${type}-${n}`, type, text, prompt });

export const PROMPT_TEMPLATES: readonly PromptTemplate[] = [
  T('seller', 1, 'Why we win against {rival}', 'What are the top reasons {company} wins deals against {rival}?'),
  T('seller', 2, 'Handle {rival} pricing objections', 'How should I respond when a prospect says {rival} is cheaper than {company}?'),
  T('seller', 3, '{rival} strengths and weaknesses', 'Summarize the key strengths and weaknesses of {rival} compared with {company}.'),
  T('seller', 4, 'Landmines to lay against {rival}', 'Which questions should I ask a prospect to expose the weaknesses of {rival}?'),
  T('seller', 5, 'Elevator pitch versus {rival}', 'Give me a 30-second pitch for {company} when the prospect is also evaluating {rival}.'),
  T('seller', 6, 'Recent news about {rival}', 'What has {rival} announced or changed recently that I should know before a call?'),
  T('seller', 7, '{rival} pricing and packaging', 'How does {rival} price and package its product, and how does that compare with {company}?'),
  T('seller', 8, 'Customer proof against {rival}', 'Which customer stories or proof points help {company} win against {rival}?'),
  T('pmm', 1, 'Positioning against {rival}', 'How is {rival} positioning itself, and how should {company} position against it?'),
  T('pmm', 2, '{rival} messaging changes', 'What changes in messaging or target market has {rival} shown recently?'),
  T('pmm', 3, 'Battlecard gaps for {rival}', 'Which topics about {rival} are missing or thin in our battlecards?'),
  T('pmm', 4, '{rival} product launches', 'Summarize the product launches and feature releases of {rival}.'),
  T('pmm', 5, 'Feature comparison with {rival}', 'Compare the main features of {company} and {rival} and name where each leads.'),
  T('executive', 1, 'Executive brief on {rival}', 'Write a short executive brief on {rival}: strategy, momentum and threat to {company}.'),
  T('executive', 2, 'Market moves of {rival}', 'What strategic moves (funding, partnerships, acquisitions) has {rival} made?'),
  T('executive', 3, 'Where {rival} is winning', 'In which segments or regions is {rival} winning against {company}, and why?'),
  T('executive', 4, 'Risks from {rival}', 'What are the biggest competitive risks {rival} poses to {company} this quarter?'),
  T('executive', 5, 'Win rate drivers versus {rival}', 'What drives our win rate against {rival} and what would improve it?'),
  T('simulation', 1, 'Role-play a {rival} buyer', 'Act as a buyer who currently uses {rival}. Ask me tough questions about switching to {company}.'),
  T('simulation', 2, 'Role-play a {rival} seller', 'Act as a {rival} sales rep pitching against {company}; I will respond to each claim.'),
  T('simulation', 3, 'Objection drill on {rival}', 'Give me five objections a prospect evaluating {rival} might raise, one at a time, and grade my answers.'),
  T('simulation', 4, 'Discovery call against {rival}', 'Simulate a discovery call where the prospect mentions {rival}; coach me on my questions.'),
];

/** The prompt types a user may use, in tab order. */
export const promptTypesFor = (curator: boolean): PromptType[] => (curator ? [...PROMPT_TYPES] : ['seller']);

export const templatesFor = (curator: boolean) => {
  const types = promptTypesFor(curator);
  return PROMPT_TEMPLATES.filter((t) => types.includes(t.type));
};

export const WIZARD_FLOWS: readonly WizardFlow[] = [
  {
    id: 'deal-prep',
    title: 'Prepare for a competitive deal',
    finalPrompt:
      'Help me win a deal against {COMPETITOR}. The prospect’s use case: {USECASE}. Objections they raised: {OBJECTIONS}. Give me talking points, landmines and proof points.',
    questions: [
      { id: 'competitor', question: 'Which competitor are you up against?', inputType: 'rival', promptRef: 'COMPETITOR' },
      { id: 'usecase', question: 'What is the prospect’s main use case?', inputType: 'input', promptRef: 'USECASE' },
      { id: 'objections', question: 'Which objections have you heard so far?', inputType: 'input', promptRef: 'OBJECTIONS' },
    ],
  },
  {
    id: 'objection',
    title: 'Handle an objection',
    finalPrompt: 'A prospect comparing us with {COMPETITOR} for {USECASE} said: "{OBJECTIONS}". How should I respond?',
    questions: [
      { id: 'competitor', question: 'Which competitor did the prospect mention?', inputType: 'rival', promptRef: 'COMPETITOR' },
      { id: 'usecase', question: 'What are they trying to do?', inputType: 'input', promptRef: 'USECASE' },
      { id: 'objections', question: 'What exactly did they say?', inputType: 'input', promptRef: 'OBJECTIONS' },
    ],
  },
];

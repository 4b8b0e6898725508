// German words of what every chat integration posts (see ../en/integrations.ts).
import type { ServerStrings } from '../en.ts';

export const integrations: ServerStrings['integrations'] = {
  testTitle: 'Testnachricht von Rivalscope',
  testSummary: 'Die Weiterleitungsregel „{channel}“ funktioniert: Veröffentlichte Intel und Digests, auf die sie passt, werden hier gepostet.',
};

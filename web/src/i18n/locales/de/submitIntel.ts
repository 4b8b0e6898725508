// German strings of the submit-intel dialog.
import type en from '../en/submitIntel.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Intel melden',
  intro: 'Ihnen ist etwas zu einem Wettbewerber aufgefallen? Senden Sie es an Ihre Kuratoren; sie prüfen jede Meldung.',
  rival: 'Wettbewerber',
  rivalPlaceholder: 'Wettbewerber wählen',
  noRival: 'Kein passender Wettbewerber',
  other: 'Sonstige',
  titleLabel: 'Titel',
  optional: 'Optional',
  content: 'Was haben Sie erfahren?',
  contentPlaceholder: 'Fügen Sie einen Link ein oder beschreiben Sie, was Sie gehört haben – mit allem Kontext, der hilft.',
  send: 'Senden',
  cancel: 'Abbrechen',
  success: {
    title: 'Vielen Dank!',
    msg: 'Ihre Intel wurde an Ihre Kuratoren gesendet.',
  },
  error: {
    msg: 'Ihre Intel konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  },
  tryAgain: 'Erneut versuchen',
} satisfies Translation<typeof en>;

// German strings of the public survey page (/win-loss/p/{token}, issue #57): a page of its own (web/survey.html) that
// reads them without the app's translator (web/src/survey/strings.ts), and the builder's preview of the same form.
import type en from '../en/survey.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  pageTitle: 'Umfrage',
  loading: 'Die Umfrage wird geladen …',
  from: 'Eine Umfrage von {company}',
  greeting: 'Hallo {name},',
  openUntil: 'Offen bis {date}.',
  required: 'Pflichtfrage',
  requiredNote: 'Fragen mit „Pflichtfrage“ brauchen eine Antwort.',
  ratingHint: '1 ist der niedrigste Wert, {scale} der höchste.',
  reasonsHint: 'Wählen Sie alle Gründe, die zutreffen.',
  multipleHint: 'Wählen Sie alles, was zutrifft.',
  textHint: 'Bis zu {max} Zeichen.',
  submit: 'Antworten senden',
  sending: 'Wird gesendet …',
  errors: {
    summary: 'Einige Antworten brauchen noch Ihre Aufmerksamkeit.',
    required: 'Bitte beantworten Sie diese Frage.',
    tooLong: 'Bitte bleiben Sie unter {max} Zeichen.',
    submit: 'Ihre Antworten konnten nicht gesendet werden. Bitte prüfen Sie sie und versuchen Sie es erneut.',
  },
  thanks: {
    title: 'Vielen Dank',
    body: 'Ihre Antworten wurden gesendet. Sie können diese Seite schließen.',
  },
  closed: {
    title: 'Diese Umfrage ist geschlossen',
    body: 'Sie wurde bereits beantwortet oder ist abgelaufen.',
  },
  notFound: {
    title: 'Umfrage nicht gefunden',
    body: 'Bitte prüfen Sie den Link in Ihrer E-Mail.',
  },
  rateLimited: {
    title: 'Zu viele Versuche',
    body: 'Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  },
  network: {
    title: 'Der Server ist nicht erreichbar',
    body: 'Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  },
  retry: 'Erneut versuchen',
  preview: {
    note: 'Vorschau: So sieht ein Kontakt die Umfrage. Von hier lassen sich keine Antworten senden.',
    reasons: 'Hier stehen die Gewinngründe Ihres Unternehmens (für den Kontakt eines gewonnenen Deals) oder die Verlustgründe (für den eines verlorenen).',
    company: 'Ihr Unternehmen',
  },
} satisfies Translation<typeof en>;

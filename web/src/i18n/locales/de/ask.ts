// German strings of the ask area.
import type en from '../en/ask.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Rivalscope fragen',
  initialTitle: 'Was möchten Sie über Ihre Wettbewerber wissen?',
  initialSubtitle: 'Die Antworten stammen aus den Karten, die Sie sehen können – mit Quellenangaben.',
  placeholder: {
    page: 'Stellen Sie eine Anschlussfrage…',
    initial: 'Fragen Sie zu einem Wettbewerber, einem Deal oder einem Einwand…',
    default: 'Fragen Sie Rivalscope alles über Ihre Wettbewerber…',
  },
  inputLabel: 'Ihre Frage',
  assumedRival: {
    answeredAbout: 'Antwort bezogen auf {name}',
    askAnother: 'Zu einem anderen Wettbewerber fragen',
  },
  send: 'Senden',
  promptLibrary: 'Prompt-Bibliothek',
  research: 'Recherchemodus',
  researchHint: 'Intel-Meldungen in die Antwort einbeziehen (Kuratoren)',
  loading: {
    first: 'Ihre Karten werden durchsucht…',
    second: 'Die relevantesten Passagen werden gelesen…',
    third: 'Die Antwort wird geschrieben…',
    fourth: 'Gleich geschafft…',
    previous: 'Die vorherige Antwort wird geladen…',
  },
  streaming: 'Wird geschrieben…',
  fallbackBanner: 'Es ist kein KI-Modell konfiguriert, daher zitiert diese Antwort die relevantesten Sätze Ihrer Inhalte.',
  error: {
    '404Error': 'Was diese Antwort benötigt, wurde nicht gefunden. Möglicherweise wurde es entfernt.',
    '400Error': 'Diese Frage konnte nicht beantwortet werden. Formulieren Sie sie um und versuchen Sie es erneut.',
    title: 'Etwas ist schiefgelaufen',
    message: 'Die Antwort konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    retrying: 'Neuer Versuch…',
  },
  sources: {
    title: 'Quellen',
    showMore: '{count} weitere anzeigen',
    showLess: 'Weniger anzeigen',
    card: 'Karte',
    intel: 'Intel',
    interview: 'Interview',
    file: 'Datei',
    updated: 'Aktualisiert am {date}',
  },
  copy: 'Antwort kopieren',
  copied: 'In die Zwischenablage kopiert',
  copyError: 'Die Antwort konnte nicht kopiert werden.',
  feedback: {
    positive: 'Hilfreich',
    negative: 'Nicht hilfreich',
  },
  profileLink: 'Profil von {name} öffnen',
  history: {
    toggle: 'Chatverlauf',
    title: 'Verlauf',
    search: 'Chats durchsuchen',
    empty: 'Noch keine Chats.',
    noMatch: 'Keine passenden Chats.',
    loadError: 'Der Chatverlauf konnte nicht geladen werden.',
    groups: {
      today: 'Heute',
      yesterday: 'Gestern',
      week: 'Letzte 7 Tage',
      month: 'Letzte 30 Tage',
      older: 'Älter',
    },
    research: 'Recherche',
  },
  restore: {
    loading: 'Chat wird wiederhergestellt…',
    error: 'Der Chat konnte nicht wiederhergestellt werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  },
  newChat: 'Neuer Chat',
  close: 'Schließen',
  suggestions: 'Beispielfragen',
  boardsToggle: 'Wettbewerber-Boards anzeigen',
  viewBoards: 'Wettbewerber-Boards ansehen',
  library: {
    rivalPicker: 'Wettbewerber',
    rivalSearch: 'Wettbewerber suchen',
    noRivals: 'Keine Wettbewerber gefunden',
    types: {
      seller: 'Vertrieb',
      pmm: 'Produktmarketing',
      executive: 'Management',
      simulation: 'Simulation',
    },
    pickRival: 'Wählen Sie einen Wettbewerber, um die Prompts auszufüllen',
  },
  prompts: {
    'seller-1': {
      text: 'Warum wir gegen {rival} gewinnen',
      prompt: 'Was sind die wichtigsten Gründe, aus denen {company} Deals gegen {rival} gewinnt?',
    },
    'seller-2': {
      text: 'Preiseinwände zu {rival} entkräften',
      prompt: 'Wie reagiere ich, wenn ein Interessent sagt, {rival} sei günstiger als {company}?',
    },
    'seller-3': {
      text: 'Stärken und Schwächen von {rival}',
      prompt: 'Fassen Sie die wichtigsten Stärken und Schwächen von {rival} im Vergleich zu {company} zusammen.',
    },
    'seller-4': {
      text: 'Fallstricke gegen {rival} legen',
      prompt: 'Welche Fragen sollte ich einem Interessenten stellen, um die Schwächen von {rival} aufzudecken?',
    },
    'seller-5': {
      text: 'Elevator Pitch gegen {rival}',
      prompt: 'Geben Sie mir einen 30-Sekunden-Pitch für {company}, wenn der Interessent auch {rival} prüft.',
    },
    'seller-6': {
      text: 'Aktuelle Neuigkeiten zu {rival}',
      prompt: 'Was hat {rival} kürzlich angekündigt oder geändert, das ich vor einem Gespräch wissen sollte?',
    },
    'seller-7': {
      text: 'Preise und Pakete von {rival}',
      prompt: 'Wie gestaltet {rival} Preise und Pakete seines Produkts, und wie schneidet das im Vergleich zu {company} ab?',
    },
    'seller-8': {
      text: 'Kundenreferenzen gegen {rival}',
      prompt: 'Welche Kundengeschichten oder Referenzen helfen {company}, gegen {rival} zu gewinnen?',
    },
    'pmm-1': {
      text: 'Positionierung gegenüber {rival}',
      prompt: 'Wie positioniert sich {rival}, und wie sollte sich {company} dagegen positionieren?',
    },
    'pmm-2': {
      text: 'Neue Botschaften von {rival}',
      prompt: 'Welche Änderungen bei Botschaften oder Zielmarkt hat {rival} zuletzt gezeigt?',
    },
    'pmm-3': {
      text: 'Battlecard-Lücken zu {rival}',
      prompt: 'Welche Themen zu {rival} fehlen in unseren Battlecards oder sind dort zu dünn?',
    },
    'pmm-4': {
      text: 'Produkteinführungen von {rival}',
      prompt: 'Fassen Sie die Produkteinführungen und Feature-Releases von {rival} zusammen.',
    },
    'pmm-5': {
      text: 'Funktionsvergleich mit {rival}',
      prompt: 'Vergleichen Sie die wichtigsten Funktionen von {company} und {rival}, und nennen Sie, wo jeweils wer vorn liegt.',
    },
    'executive-1': {
      text: 'Management-Briefing zu {rival}',
      prompt: 'Schreiben Sie ein kurzes Management-Briefing zu {rival}: Strategie, Dynamik und Bedrohung für {company}.',
    },
    'executive-2': {
      text: 'Marktbewegungen von {rival}',
      prompt: 'Welche strategischen Schritte (Finanzierungen, Partnerschaften, Übernahmen) hat {rival} unternommen?',
    },
    'executive-3': {
      text: 'Wo {rival} gewinnt',
      prompt: 'In welchen Segmenten oder Regionen gewinnt {rival} gegen {company}, und warum?',
    },
    'executive-4': {
      text: 'Risiken durch {rival}',
      prompt: 'Was sind in diesem Quartal die größten Wettbewerbsrisiken, die von {rival} für {company} ausgehen?',
    },
    'executive-5': {
      text: 'Treiber unserer Gewinnquote gegen {rival}',
      prompt: 'Was bestimmt unsere Gewinnquote gegen {rival}, und was würde sie verbessern?',
    },
    'simulation-1': {
      text: 'Rollenspiel: Kunde von {rival}',
      prompt: 'Spielen Sie einen Käufer, der derzeit {rival} nutzt. Stellen Sie mir kritische Fragen zu einem Wechsel zu {company}.',
    },
    'simulation-2': {
      text: 'Rollenspiel: Vertrieb von {rival}',
      prompt: 'Spielen Sie einen Vertriebsmitarbeiter von {rival}, der gegen {company} argumentiert; ich antworte auf jede Behauptung.',
    },
    'simulation-3': {
      text: 'Einwandtraining zu {rival}',
      prompt: 'Nennen Sie mir nacheinander fünf Einwände, die ein Interessent bei der Prüfung von {rival} vorbringen könnte, und bewerten Sie meine Antworten.',
    },
    'simulation-4': {
      text: 'Erstgespräch gegen {rival}',
      prompt: 'Simulieren Sie ein Erstgespräch, in dem der Interessent {rival} erwähnt, und coachen Sie mich bei meinen Fragen.',
    },
  },
  wizard: {
    start: 'Geführt',
    submit: 'Weiter',
    pickRival: 'Wettbewerber wählen',
    answerLabel: 'Ihre Antwort',
    cancel: 'Abbrechen',
    flows: {
      'deal-prep': {
        title: 'Einen Deal gegen einen Wettbewerber vorbereiten',
        questions: {
          competitor: 'Gegen welchen Wettbewerber treten Sie an?',
          usecase: 'Was ist der wichtigste Anwendungsfall des Interessenten?',
          objections: 'Welche Einwände haben Sie bisher gehört?',
        },
        finalPrompt: 'Helfen Sie mir, einen Deal gegen {COMPETITOR} zu gewinnen. Der Anwendungsfall des Interessenten: {USECASE}. Genannte Einwände: {OBJECTIONS}. Geben Sie mir Argumente, Fallstricke und Referenzen.',
      },
      objection: {
        title: 'Einen Einwand behandeln',
        questions: {
          competitor: 'Welchen Wettbewerber hat der Interessent genannt?',
          usecase: 'Was möchte der Interessent erreichen?',
          objections: 'Was genau hat der Interessent gesagt?',
        },
        finalPrompt: 'Ein Interessent, der uns für {USECASE} mit {COMPETITOR} vergleicht, sagte: „{OBJECTIONS}“. Wie sollte ich reagieren?',
      },
    },
  },
  modal: {
    title: 'Rivalscope fragen',
    viewAs: 'Ansicht als',
    viewAsAll: 'Alle Inhalte (Kurator)',
    viewAsEveryone: 'Alle',
  },
  closeFeedback: {
    question: 'War „Rivalscope fragen“ heute hilfreich für Sie?',
    yes: 'Ja',
    no: 'Nein',
    textLabel: 'Was könnten wir verbessern? (optional)',
    submit: 'Senden',
    skip: 'Überspringen',
    thanks: 'Vielen Dank für Ihr Feedback!',
  },
  askAbout: 'Zu {name} fragen',
  aboutRival: 'Über {name}',
  profilePicker: {
    label: 'Unternehmensprofil',
    placeholder: 'Beliebiges Unternehmen',
  },
  bar: {
    title: 'Fragen zu Ihren Wettbewerbern',
    open: 'Fragen öffnen',
  },
} satisfies Translation<typeof en>;

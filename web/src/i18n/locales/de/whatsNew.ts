// German strings of What's new (/whats-new).
import type en from '../en/whatsNew.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Neuigkeiten',
  intro: 'Was sich in Rivalscope geändert hat, das Neueste zuerst.',
  newSince: '{count, plural, one {# Änderung seit Ihrem letzten Besuch} other {# Änderungen seit Ihrem letzten Besuch}}',
  newBadge: 'Neu',
  listLabel: 'Versionshinweise',
  areas: {
    monitors: 'Monitore',
    search: 'Suche',
    ask: 'Fragen',
    competitors: 'Wettbewerber',
    battlecards: 'Battlecards',
    cards: 'Karten',
    alerts: 'Alerts',
    news: 'News',
    digests: 'Digests',
    insights: 'Erkenntnisse aus Bewertungen',
    reports: 'Berichte',
    notifications: 'Benachrichtigungen',
    settings: 'Einstellungen',
    integrations: 'Integrationen',
    languages: 'Sprachen',
    accessibility: 'Barrierefreiheit',
    performance: 'Geschwindigkeit',
  },
  notes: {
    browserExtension: {
      title: 'Battlecards in Ihrem Browser',
      body: 'Die Rivalscope-Browsererweiterung für Chrome und Edge ist da: Laden Sie sie herunter und verbinden Sie sie mit einem Token unter <b>Apps und Integrationen › Browsererweiterung</b>.\n\n- Karten aus der Symbolleiste suchen und Ask öffnen\n- auf der Website eines Wettbewerbers und auf einer CRM-Verkaufschance, die einen Wettbewerber nennt, öffnet ein kleines Abzeichen seine Battlecards und eine kurze Zusammenfassung\n- Rechtsklick auf eine Seite, einen Link oder markierten Text und <b>An Rivalscope senden</b> wählen: Es kommt als Intel an, mit den genannten Wettbewerbern',
    },
    integrations: {
      title: 'Intel in Slack und Teams, und Ereignisse für Ihre anderen Werkzeuge',
      body: 'Admins können jetzt unter <b>Apps und Integrationen</b> Slack und Microsoft Teams verbinden und festlegen, welche veröffentlichte Intel (nach Wettbewerber, Thema und Priorität) und welche Digests in welchen Kanal gehen.\n\n- in Slack antwortet <b>/rivalscope pricing</b> mit den besten Karten, <b>/rivalscope ask</b> mit der Antwort von Ask, und Links zu Rivalscope klappen für alle auf, die sie sehen dürfen\n- die Nachrichtenaktion <b>Send to Rivalscope</b> macht jede Slack-Nachricht zu Intel\n- Webhooks senden signierte Ereignisse an Ihre anderen Werkzeuge, mit einem Protokoll jeder Zustellung',
    },
    identity: {
      title: 'Die Anmeldung Ihres Unternehmens und eine API für Ihre anderen Werkzeuge',
      body: 'Admins können jetzt unter <b>Unternehmenseinstellungen</b> › <b>Single Sign-on</b> Ihren Identitätsanbieter verbinden (OpenID Connect oder SAML): Personen Ihrer E-Mail-Domains melden sich dort an, neue Kollegen erhalten ihr Konto bei der ersten Anmeldung, und SCIM hält die Konten mit Ihrem Verzeichnis im Gleichklang.\n\n- Passwort vergessen? <b>Passwort vergessen?</b> auf der Anmeldeseite schickt einen Link\n- schalten Sie die Bestätigung in zwei Schritten unter <b>Profil bearbeiten</b> ein\n- erstellen Sie unter <b>Profil bearbeiten</b> › <b>API-Tokens</b> ein API-Token, um ein Skript oder ein anderes Werkzeug zu verbinden; die API-Referenz steht unter <b>/api/docs</b>',
    },
    monitors: {
      title: 'Intel, die von selbst ankommt',
      body: 'Kuratoren können jetzt unter <b>Monitore</b> Webseiten und News-Feeds von Wettbewerbern beobachten. Jede Änderung einer Seite, mit dem, was hinzukam und wegfiel, und jede neue Meldung eines Feeds landet in Ihren Alerts – einmal pro Meldung, egal wie viele Quellen sie bringen.\n\nLeiten Sie einen Newsletter oder eine Notiz an die Intel-Adresse Ihres Unternehmens weiter (sie steht unter <b>Monitore</b>), und auch daraus wird Intel.',
    },
    german: {
      title: 'Rivalscope spricht Deutsch',
      body: 'Jeder Bildschirm, jeder Dialog, jede Meldung und jedes Diagramm gibt es jetzt auf Englisch und Deutsch, ebenso die Mails, die Rivalscope verschickt: Digests und Einladungen kommen in der Sprache der Empfänger an.\n\nWählen Sie Ihre unter <b>Profil bearbeiten</b> › <b>Sprache</b>. Datumsangaben, Zahlen und Prozente folgen ihr ebenfalls.',
    },
    accessibility: {
      title: 'Besser lesbar und mit Screenreader bedienbar',
      body: 'Jeder Bildschirm jeder Rolle wird jetzt mit axe in Desktop- und Smartphone-Breite geprüft, ohne verbliebenes ernstes oder kritisches Problem:\n\n- gedimmter Text und Text auf getönten Schaltflächen und Badges haben stärkeren Kontrast\n- die Benachrichtigungsglocke ist eine größere Zielfläche, und Tab-Bereiche und Seitensteuerungen sind für Screenreader beschriftet\n- Listen, die seitlich scrollen, lassen sich mit der Tastatur scrollen',
    },
    questionsGoToAsk: {
      title: 'Wörter für Karten, eine Frage für „Fragen“',
      body: 'Solange Sie keinen Modus wählen, entscheidet das Suchfeld nach dem, was Sie eingeben: Wörter wie „Preise“ durchsuchen Karten, und eine Frage (mit Fragezeichen oder einem Fragewort am Anfang) geht an „Fragen“.\n\nEin gewählter Modus bleibt Ihrer, auch nach dem Neuladen und auf Ihren anderen Geräten.',
    },
    askHowToWin: {
      title: '„Fragen“ weiß, wie man gewinnt',
      body: 'Fragen wie „Wie schlagen wir sie?“ oder „Welche Fallstricke legen wir ihnen?“ finden jetzt die Gewinnkarten, Gesprächsleitfäden und Einwandbehandlungen jedes Wettbewerbers. Die eigenen Worte von „Fragen“ folgen Ihrer Sprache.\n\nEine Antwort, deren Verbindung abbricht, macht dort weiter, wo sie stand.',
    },
    alertsUndo: {
      title: 'Rückgängig in Alerts',
      body: 'Archivieren, Veröffentlichen, Als wichtig markieren und die anderen Aktionen an einer Intel-Meldung sagen jetzt, was sie getan haben, mit einem <b>Rückgängig</b>, das die Meldung wieder so herstellt, wie sie war.',
    },
    synonymSuggestions: {
      title: 'Ein Synonym aus einer Suche ohne Treffer anlegen',
      body: 'Die <b>Suchanalyse</b> listet die Suchen, die nichts gefunden haben. Neben <b>Karte dazu schreiben</b> bietet jede jetzt <b>Synonym hinzufügen</b>: Die Synonymseite öffnet sich mit den Wörtern Ihres Teams und schlägt vor, wonach dieselben Personen als Nächstes gesucht und etwas gefunden haben, wenn mindestens zwei es taten.',
    },
    relevanceFeedback: {
      title: 'Treffendere Ergebnisse nach Relevanz',
      body: 'Nach <b>Relevanteste</b> sortiert, ordnen sich gleich gut passende Karten jetzt nach den Wörtern, die die besten Antworten gemeinsam haben: Zuerst kommen die Karten, die Ihr Thema so behandeln wie Ihre besten Karten. „Fragen“ wählt seine Karten genauso. Hervorgehoben werden nur die Wörter, die Sie eingegeben haben.',
    },
    reports: {
      title: 'Berichte',
      body: 'Unter <b>Auswerten</b> lesen Admins, und Kuratoren soweit Ihr Unternehmen es erlaubt, vier Berichte: Mitgliedernutzung, Kuratorenaktivität, Wettbewerbsanalyse und Suchanalyse. Jeder hat Diagramme über den gewählten Zeitraum, Tabellen zum Export als CSV und Detailansichten bis zu einer einzelnen Person.',
    },
    newsForSellers: {
      title: 'News für den Vertrieb',
      body: 'Der <b>Feed</b> bringt dem Vertrieb die Intel, die Ihre Kuratoren veröffentlichen, das Neueste zuerst, gefiltert nach Wettbewerber, Thema und Datum, mit den passenden Karten jeder Meldung. Wo Ihr Unternehmen es einschaltet, hat jeder Wettbewerber seine eigenen News, das Dashboard zeigt Ungelesen-Zähler, und das Dashboard lässt sich zwischen Boards und News umschalten.',
    },
    dynamicBoards: {
      title: 'Dynamische Boards',
      body: 'Ein dynamisches Board ist eine gespeicherte Suche, die aktuell bleibt. Kuratoren speichern eines aus den Suchergebnissen oder beginnen eines im Menü <b>Neu</b> des Dashboards, bearbeiten es direkt und veröffentlichen es; alle finden es auf dem Dashboard, und jeder sieht nur die Karten, die er sehen darf.',
    },
    landingPages: {
      title: 'Unternehmensseiten',
      body: 'Die Unternehmensseite eines Wettbewerbers bündelt, was der Vertrieb vor einem Gespräch liest: wie wir uns vergleichen, Battlecards, Stärken und Schwächen aus Bewertungen, eine Übersicht mit ihren Quellen und was in den letzten 30 Tagen neu ist. Jede Seite wird nur aus dem geschrieben, was ihr Leser sehen darf. Öffnen Sie sie mit <b>Übersicht</b> auf einem Profil oder einer Dashboard-Kachel.',
    },
    reviewInsights: {
      title: 'Erkenntnisse aus Bewertungen',
      body: 'Kuratoren importieren die Bewertungen eines Wettbewerbers von G2, Capterra, Gartner und anderen Portalen als CSV- oder JSON-Datei. Rivalscope findet, was Rezensenten loben und kritisieren, mit Zitaten, einem Diagramm der Themen Monat für Monat und einem Bewertungs-Tab zum Suchen und Filtern. Der Modus <b>Bewertungen</b> des Suchfelds durchsucht sie ebenfalls.',
    },
    typos: {
      title: 'Die Suche verzeiht Tippfehler und fragt „Meinten Sie“',
      body: 'Wörter ab 5 Buchstaben dürfen einen Tippfehler haben, Wörter ab 9 Buchstaben zwei, aber nie im ersten Buchstaben; exakte Treffer kommen weiterhin zuerst. Steht ein Wort Ihrer Suche in keiner Karte, die Sie sehen dürfen, schlagen die Ergebnisse das Wort vor, das Ihre Karten enthalten.',
    },
    companySettings: {
      title: 'Unternehmenseinstellungen und Personen',
      body: 'Admins führen ihr Unternehmen in Rivalscope: Name, Logo und E-Mail-Domains, Funktionen, Sichtbarkeits- und Wettbewerbergruppen, die Gruppen von „Fragen“, Digest-Vorgaben und ein Audit-Log jeder Änderung. Sie laden Personen per E-Mail ein, ändern Rollen und Gruppen und deaktivieren und reaktivieren Konten.',
    },
    notifications: {
      title: 'Benachrichtigungen und Lesezeichen',
      body: 'Die Glocke in der oberen Leiste zählt, was für Sie neu ist: Intel zu den Wettbewerbern, die Sie kuratieren, Aufträge, die Sie gestartet haben, angenommene Einladungen, die Sie verschickt haben, und Änderungen an Karten, denen Sie folgen (folgen Sie jeder Karte über ihr Menü).\n\nLesezeichen halten bis zu 100 Seiten einen Klick entfernt.',
    },
    fasterStart: {
      title: 'Ein schnellerer erster Bildschirm',
      body: 'Der erste Bildschirm nach der Anmeldung lädt etwa ein Sechstel weniger. Jeder Bildschirm und seine Texte laden beim ersten Öffnen, und die Bildschirme, zu denen ein Link führt, beginnen zu laden, sobald Sie darauf zeigen.',
    },
    battlecards: {
      title: 'Battlecards',
      body: 'Die Battlecards eines Wettbewerbers stellen seine wichtigsten Karten auf eine Seite, angeordnet für Desktop, Tablet oder Smartphone. Kuratoren bauen sie aus bis zu 8 Karten je Layout, ordnen sie und veröffentlichen sie, wenn sie fertig sind; der Vertrieb bewertet die Karten und gibt Feedback dazu.',
    },
    cardEditor: {
      title: 'Ein Karteneditor mit aktuellen Zahlen',
      body: 'Kuratoren schreiben Karten in einem Editor mit Listen, Tabellen, Links und Bildern und mit dynamischen Datenblöcken, die Zahlen eines Wettbewerbers zeigen und aktuell bleiben. Der Editor warnt, bevor ungespeicherte Änderungen verloren gehen.',
    },
    ask: {
      title: 'Rivalscope fragen',
      body: 'Stellen Sie eine Frage zu Ihren Wettbewerbern und lesen Sie die Antwort, während sie entsteht, mit den Karten, aus denen sie stammt, als Quellen. Antworten nutzen nur, was Sie sehen dürfen; Kuratoren können mit dem <b>Recherchemodus</b> Intel einbeziehen. Ohne eingerichtetes KI-Modell zitiert „Fragen“ stattdessen die relevantesten Sätze Ihrer Karten.',
    },
    alerts: {
      title: 'Alerts, der Intel-Feed der Kuratoren',
      body: 'Kuratoren arbeiten eingehende Intel in Ansichten wie <b>Meine neue Intel</b>, <b>Veröffentlicht</b> und <b>Wichtig</b> ab, mit Filtern, Suche, gespeicherten Ansichten, Änderungen an Tausenden Meldungen auf einmal und einer Zeitleiste nach Thema, Quelle oder Wettbewerber.',
    },
    digests: {
      title: 'E-Mail-Digests',
      body: 'Kuratoren sammeln veröffentlichte Intel in einem Digest, sehen sich die Mail in der Vorschau an, senden sich einen Test und dann den Digest an alle, die Digests erhalten.',
    },
    unifiedSearch: {
      title: 'Ein Suchfeld für alles',
      body: 'Durchsuchen Sie Karten, Tags und Battlecards aus der oberen Leiste, mit Vorschlägen beim Tippen, Filtern nach Wettbewerber, Board, Tag und Datum und Ergebnissen, die beim Scrollen nachladen. Der Schnellwechsel (<kbd>Strg/⌘ + Umschalt + D</kbd>) findet einen Wettbewerber nach Namen.',
    },
  },
} satisfies Translation<typeof en>;

// German strings of FAQs and guides (/help).
import type en from '../en/help.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'FAQs und Anleitungen',
  intro: 'Wie Rivalscope funktioniert, in Antworten nach Aufgaben geordnet. Filtern Sie sie beim Tippen, oder öffnen Sie eine und teilen Sie ihren Link.',
  filter: {
    label: 'Fragen filtern',
    placeholder: 'Ein Wort eingeben, etwa Battlecard oder Digest',
    clear: 'Filter leeren',
    count: '{count, plural, =0 {Keine Frage passt} one {# Frage passt} other {# Fragen passen}}',
    none: 'Keine Frage passt zu „{text}“',
    noneHint: 'Versuchen Sie weniger oder andere Wörter, etwa Suche, Karte, Fragen oder Digest.',
  },
  copyLink: 'Link kopieren',
  copied: 'Link kopiert',
  groups: {
    sellers: {
      title: 'Für den Vertrieb und alle',
      intro: 'Die richtige Karte finden, Battlecards lesen, Fragen stellen und weitergeben, was Sie hören.',
    },
    curators: {
      title: 'Für Kuratoren',
      intro: 'Kuratoren (und Admins) halten die Inhalte aktuell und entscheiden, wer sie sieht.',
    },
    admins: {
      title: 'Für Admins',
      intro: 'Admins führen das Unternehmen in Rivalscope: Personen, Gruppen, Funktionen und Berichte.',
    },
  },
  questions: {
    'find-cards': {
      q: 'Wie findet die Suche die richtige Karte?',
      a: 'Geben Sie ein paar Wörter in das Suchfeld oben ein und drücken Sie <kbd>Enter</kbd>. Rivalscope sucht jedes Wort in Titel, Tags, Wettbewerber, Board und Text einer Karte, sodass „mobile offline“ eine Karte mit „mobile“ im Titel und „offline“ im Text findet.\n\n- Karten mit allen Ihren Wörtern kommen zuerst, dann Karten, denen eines fehlt, und so weiter: Beinahe-Treffer folgen statt einer leeren Seite.\n- Tippfehler werden in Wörtern ab 5 Buchstaben verziehen (zwei ab 9 Buchstaben), nie im ersten Buchstaben.\n- Die Synonyme Ihres Unternehmens zählen: „sso“ findet auch „single sign-on“.\n- Wörter, aus denen eine Frage besteht, etwa „wie“, „wir“ oder „sie“, werden weggelassen.\n\nBeim Tippen schlagen Vorschläge Tags, Battlecards und Suchen vor, die Ihre ergänzen; wählen Sie einen mit den Pfeiltasten und <kbd>Enter</kbd>. Steht ein Wort in keiner Karte, die Sie sehen dürfen, bieten die Ergebnisse „Meinten Sie“ mit dem Wort an, das Ihre Karten enthalten.',
    },
    'search-modes': {
      q: 'Was bewirken Fragen, Karten, Alerts und Bewertungen neben dem Suchfeld?',
      a: 'Sie legen fest, was das Feld durchsucht:\n\n- <b>Fragen</b> beantwortet eine Frage in Sätzen, mit den Karten, aus denen die Antwort stammt.\n- <b>Karten</b> listet die passenden Karten, Tags und Battlecards.\n- <b>Alerts</b> (Kuratoren) durchsucht eingehende Intel.\n- <b>Bewertungen</b> (Kuratoren) durchsucht die Bewertungen des Wettbewerbers, den Sie gerade lesen.\n\nSolange Sie keinen Modus wählen, entscheidet das Feld nach dem, was Sie eingeben: Wörter durchsuchen Karten, und eine Frage (mit Fragezeichen oder einem Fragewort am Anfang) geht an „Fragen“. Ein gewählter Modus bleibt Ihrer, auf jedem Gerät, bis Sie einen anderen wählen.',
    },
    'narrow-results': {
      q: 'Wie grenze ich Ergebnisse ein? Gibt es Suchoperatoren?',
      a: 'Das Feld nimmt einfache Wörter: Anführungszeichen, AND, OR und Minuszeichen gelten als gewöhnliche Wörter, nicht als Operatoren. Grenzen Sie die Ergebnisse stattdessen mit den Filtern daneben ein:\n\n- <b>Boards</b> (nach Wettbewerber gruppiert) und <b>Tags</b>: Ein Klick zeigt Karten mit einem der gewählten Einträge, ein zweiter macht ihn zur Pflicht, ein dritter schließt ihn aus, und ein weiterer nimmt ihn aus dem Filter.\n- <b>Zuletzt aktualisiert</b>: heute, seit gestern, die letzten 2, 7, 30 oder 90 Tage oder der gesamte Zeitraum.\n- Die Sortierung: neueste zuerst, älteste zuerst, relevanteste oder Titel A–Z.\n\nDie aktiven Filter stehen über den Ergebnissen; entfernen Sie dort einen oder wählen Sie <b>Alle entfernen</b>. Die Adresse der Seite enthält die Suche und ihre Filter, sodass Sie sie als Lesezeichen speichern oder teilen können.',
    },
    'read-battlecard': {
      q: 'Wie lese ich eine Battlecard?',
      a: 'Öffnen Sie einen Wettbewerber (über das Dashboard, den Schnellwechsel oder die Suche) und wählen Sie <b>Battlecards</b>. Jede Battlecard ist ein Tab; ihre Karten sind für Desktop, Tablet oder Smartphone angeordnet, und der Schalter darüber wechselt das Layout, praktisch bevor Sie Ihren Bildschirm teilen.\n\nJede Karte ist die kurze Antwort der Kuratoren auf eine Sache: wie wir gewinnen, Fallstricke, Preise, Einwände und die Antworten darauf. Zahlen in einer Karte (Umsatz, Mitarbeiterzahl und Ähnliches) stammen aus aktuellen Daten und bleiben aktuell. Öffnen Sie eine Karte, um sie ganz zu lesen, mit ihrem Ort und dem Datum der letzten Änderung.',
    },
    cards: {
      q: 'Was kann ich mit einer Karte tun?',
      a: 'Eine Karte öffnet sich über der Seite, auf der Sie sind, mit Wettbewerber, Board, Autor und dem Datum der letzten Änderung; <b>Zurück</b> führt zur Karte, von der Sie kamen. Unter der Karte:\n\n- <b>Hilfreich</b> oder <b>Nicht hilfreich</b> zeigt den Kuratoren, welche Karten wirken; ein weiterer Klick auf die aktive Wahl nimmt sie zurück.\n- <b>Feedback geben</b> schickt den Kuratoren eine Notiz.\n- Über das Menü der Karte folgen Sie ihr und werden benachrichtigt, wenn sie sich ändert.\n\nDie Adresse der Seite öffnet dieselbe Karte für Kollegen, sofern sie sie sehen dürfen.',
    },
    'submit-intel': {
      q: 'Wie melde ich Intel?',
      a: 'Sie haben in einem Gespräch etwas über einen Wettbewerber gehört oder einen Link gefunden? Wählen Sie <b>Intel melden</b> in der oberen Leiste, wählen Sie den Wettbewerber (oder <b>Sonstige</b>), geben Sie nach Wunsch einen Titel ein und fügen Sie den Link ein oder beschreiben Sie, was Sie erfahren haben. <b>Senden</b> schickt es an Ihre Kuratoren, die jede Meldung prüfen; was sie veröffentlichen, erreicht alle im Feed und in Digests.',
    },
    'what-you-see': {
      q: 'Warum finde ich eine Karte nicht, die ein Kollege erwähnt hat?',
      a: 'Eine Regel entscheidet, was jede Person sieht, auf jedem Bildschirm: Suche, Vorschläge, Boards, Battlecards und die Antworten von „Fragen“ gleichermaßen. Sie wird auf dem Server angewandt, nie in Ihrem Browser.\n\n- Sie sehen immer nur die Inhalte Ihres eigenen Unternehmens.\n- Kuratoren und Admins sehen alles im Unternehmen, Entwürfe eingeschlossen.\n- Alle anderen sehen eine Karte nur, wenn sie veröffentlicht ist (kein Entwurf), keine Kuratorennotiz auf einem Scratchpad-Board ist, ihr Wettbewerber veröffentlicht ist und sie für alle oder für eine Sichtbarkeitsgruppe bestimmt ist, zu der Sie gehören.\n\nKollegen in einer anderen Gruppe oder Kuratoren sehen also womöglich Karten, die Sie nicht sehen. Wenn Sie meinen, eine sehen zu sollen, fragen Sie einen Kurator oder einen Admin.',
    },
    ask: {
      q: 'Wie beantwortet „Fragen“ meine Fragen, und kann ich den Antworten trauen?',
      a: '„Fragen“ schreibt seine Antwort nur aus den Karten, die Sie sehen dürfen, und nennt sie: Jedes [n] öffnet die Karte, aus der ein Satz stammt, sodass Sie ihn prüfen können, bevor Sie ihn einem Kunden weitersagen. Die Antwort erscheint, während sie entsteht; Folgefragen setzen das Gespräch fort.\n\n- Der <b>Chatverlauf</b> holt frühere Gespräche zurück.\n- Die <b>Prompt-Bibliothek</b> und die <b>Beispielfragen</b> helfen beim Einstieg.\n- Bewerten Sie eine Antwort, damit die Kuratoren sehen, was geholfen hat.\n\nHat Ihr Unternehmen kein KI-Modell eingerichtet, sagt ein Hinweis das, und „Fragen“ zitiert die relevantesten Sätze Ihrer Karten, statt selbst zu formulieren.',
    },
    news: {
      q: 'Wo lese ich die neuesten Nachrichten über Wettbewerber?',
      a: 'Der <b>Feed</b> (unter Teilen) listet die Intel, die Ihre Kuratoren veröffentlicht haben, das Neueste zuerst; filtern Sie nach Wettbewerber, Thema oder Datum, und öffnen Sie eine Meldung für ihre Zusammenfassung, ihre Quelle und Ihre Karten, die dazu passen. Jeder Wettbewerber hat außerdem eigene News, mit den Änderungen an seinen Karten.\n\nWo Ihr Unternehmen es einschaltet, zeigt das Dashboard einen Zähler mit den ungelesenen News jedes Wettbewerbers und einen Schalter zwischen Boards und News.',
    },
    digests: {
      q: 'Was sind E-Mail-Digests, und wie bestelle ich sie ab?',
      a: 'Ein Digest ist eine Mail mit der Intel, die Ihre Kuratoren ausgewählt haben, von ihnen von Zeit zu Zeit verschickt, in Ihrer Sprache; seine Links öffnen die Meldung in Rivalscope. Um sie ab- oder wieder zu bestellen, öffnen Sie <b>Profil bearbeiten</b> im Kontomenü und ändern Sie <b>E-Mail-Digests</b>.',
    },
    languages: {
      q: 'Wie ändere ich die Sprache?',
      a: 'Öffnen Sie <b>Profil bearbeiten</b> im Kontomenü und wählen Sie eine <b>Sprache</b>: Jede ist in sich selbst benannt (English, Deutsch). Rivalscope wechselt sofort, merkt sich die Wahl auf jedem Gerät und schreibt Ihre Digests und Benachrichtigungen darin; Datumsangaben und Zahlen folgen ihr ebenfalls.\n\nVor der Anmeldung folgt die Anmeldeseite der Sprache Ihres Browsers; ?lng=de an ihrer Adresse verlangt Deutsch.',
    },
    notifications: {
      q: 'Was sagen mir die Glocke und die Benachrichtigungen?',
      a: 'Die Glocke in der oberen Leiste zählt Ihre ungelesenen Benachrichtigungen (angezeigt bis 99+):\n\n- Änderungen an Karten, denen Sie folgen (Sie folgen den Karten, die Sie geschrieben haben; anderen folgen Sie über das Menü einer Karte)\n- beendete Aufträge, die Sie gestartet haben, und angenommene Einladungen, die Sie verschickt haben\n- für Kuratoren neue Intel zu den Wettbewerbern, die sie kuratieren\n\nEine geöffnete Benachrichtigung gilt als gelesen; <b>Alle als gelesen markieren</b> leert den Zähler. Über eigene Änderungen wird niemand benachrichtigt.',
    },
    shortcuts: {
      q: 'Welche Tastenkürzel gibt es?',
      a: '- <kbd>/</kbd> setzt Sie in das Suchfeld.\n- <kbd>↑</kbd> <kbd>↓</kbd> und <kbd>Enter</kbd> wählen einen Vorschlag; <kbd>Esc</kbd> schließt die Vorschläge und verlässt, erneut gedrückt, das Feld.\n- <kbd>Strg/⌘ + Umschalt + D</kbd> öffnet den Schnellwechsel auf dem Dashboard, auf Profilen, in der Suche, bei „Fragen“ und auf Unternehmensseiten.\n- Auf dieser Seite wechselt <kbd>Tab</kbd> zwischen den Fragen, <kbd>↑</kbd> <kbd>↓</kbd> ebenso, und <kbd>Enter</kbd> oder <kbd>Leertaste</kbd> öffnet eine.\n\nKuratoren können Karten und Spalten auch mit der Tastatur verschieben: <kbd>Leertaste</kbd> nimmt sie auf, die Pfeiltasten bewegen sie, und <kbd>Leertaste</kbd> legt sie ab.',
    },
    'curator-view': {
      q: 'Was sehen Kuratoren, was der Vertrieb nicht sieht?',
      a: 'Kuratoren und Admins sehen jede Karte, jeden Wettbewerber, jedes Profil und jede Battlecard des Unternehmens, Entwürfe eingeschlossen, und die Karten des <b>Scratchpad</b>-Boards jedes Wettbewerbers: ihre eigenen Notizen, in der Suche als „Scratchpad“ markiert und dem Vertrieb nie gezeigt. Sie sehen außerdem die eingehende Intel in <b>Alerts</b> und die Erkenntnisse aus Bewertungen.\n\nDer Vertrieb sieht nur, was veröffentlicht und für ihn bestimmt ist (siehe „Warum finde ich eine Karte nicht, die ein Kollege erwähnt hat?“).',
    },
    'preview-as-group': {
      q: 'Wie prüfe ich, was eine Vertriebsgruppe sieht?',
      a: 'Wählen Sie unter <b>Ansicht als</b> in den Kuratorwerkzeugen des Dashboards eine Sichtbarkeitsgruppe oder <b>Alle</b>: Das Dashboard zeigt dann die Wettbewerber, die jemand nur in dieser Gruppe sieht, mit einem Hinweis, der die Gruppe nennt, und Suchen aus der oberen Leiste behalten die Vorschau bei. Profile, Battlecards und Suchergebnisse, die in einer Vorschau geöffnet werden, zeigen genau, was diese Person sieht, unter demselben Hinweis; <b>Vorschau als</b> im Hinweis wechselt die Gruppe, und <b>Vorschau beenden</b> beendet sie.\n\n„Fragen“ hat ein eigenes <b>Ansicht als</b>, um seine Antworten so zu lesen, wie eine Gruppe sie bekäme.',
    },
    'card-permissions': {
      q: 'Wer sieht eine Karte, die ich schreibe?',
      a: 'Jede Karte hat unter <b>Kartenberechtigungen</b> eine von drei Einstellungen:\n\n- <b>Nur Kuratoren (Entwurf)</b>: ein Entwurf, für Kuratoren.\n- <b>Alle</b>: alle in Ihrem Unternehmen.\n- <b>Kuratoren und die folgenden Gruppen</b>: Kuratoren und die Sichtbarkeitsgruppen, die Sie ankreuzen.\n\nEine Karte auf einem Scratchpad-Board bleibt unabhängig von ihrer Einstellung eine Kuratorennotiz, und die Karten eines Wettbewerbers, der noch ein Entwurf ist, sieht niemand im Vertrieb. Mehrere Karten auf einmal ändern Sie mit der <b>Mehrfachbearbeitung</b>.',
    },
    'triage-intel': {
      q: 'Wie arbeite ich neue Intel in Alerts ab?',
      a: 'Alerts enthält die eingehende und die vom Vertrieb gemeldete Intel. <b>Meine neue Intel</b> ist, was auf Sie wartet; andere Ansichten zeigen alles, veröffentlichte, archivierte oder wichtige Meldungen, und Sie können eigene Filter als Ansicht speichern und mit den anderen Kuratoren teilen.\n\nAn einer Meldung schickt <b>Veröffentlichen</b> sie in den Feed des Vertriebs, <b>Archivieren</b> markiert sie als erledigt und <b>Als wichtig markieren</b> hebt sie hervor; jede Aktion sagt, was sie getan hat, und bietet <b>Rückgängig</b>. Wählen Sie mehrere Meldungen oder alle passenden aus, um sie gemeinsam zu ändern, und fügen Sie veröffentlichte Meldungen einem Digest hinzu.',
    },
    'build-battlecard': {
      q: 'Wie erstelle ich eine Battlecard?',
      a: 'Wählen Sie bei den <b>Battlecards</b> eines Wettbewerbers <b>Neue Battlecard</b> und geben Sie ihr einen Namen. Fügen Sie Karten hinzu (bis zu 8 je Layout), ordnen Sie sie und legen Sie fest, wie das Desktop-, Tablet- und Smartphone-Layout sie zeigt. Neue Battlecards sind Entwürfe, die nur Kuratoren sehen, bis Sie sie veröffentlichen. Das Feedback des Vertriebs zu den Karten steht unter der Battlecard.',
    },
    'send-digest': {
      q: 'Wie verschicke ich einen Digest?',
      a: 'Öffnen Sie <b>Digest</b> unter Teilen und legen Sie einen neuen an: Er beginnt mit dem Titel und der Einleitung, die Ihr Unternehmen festgelegt hat. Fügen Sie ihm veröffentlichte Intel aus Alerts hinzu, bringen Sie die Einträge in eine Reihenfolge, sehen Sie sich die Mail in der Vorschau an und wählen Sie <b>Test an mich senden</b>. Dann senden Sie ihn an alle, die Digests erhalten; jeder liest ihn in seiner Sprache.\n\nIst das Senden nicht verfügbar, muss ein Admin zuerst einen Postausgangsserver anbinden.',
    },
    synonyms: {
      q: 'Wie bringe ich der Suche die Wörter unseres Teams bei?',
      a: 'Tragen Sie unter <b>Unternehmenseinstellungen</b> › <b>Suchsynonyme</b> die Wörter ein, die für Ihr Team dasselbe bedeuten. Wechselseitige Einträge lassen jedes Wort die anderen finden („sso, single sign-on, saml“); einseitige Einträge erweitern nur ein Wort („günstig“ findet auch Preis, Preise, Kosten). Änderungen gelten ab der nächsten Suche, in der Suche, in Alerts, im Feed und bei „Fragen“ gleichermaßen.\n\nDie <b>Suchanalyse</b> listet, wonach gesucht und nichts gefunden wurde; <b>Synonym hinzufügen</b> dort öffnet einen Eintrag mit diesen Wörtern und dem, wonach dieselben Personen danach gesucht und etwas gefunden haben.',
    },
    'import-reviews': {
      q: 'Wie hole ich Bewertungen für die Erkenntnisse aus Bewertungen herein?',
      a: 'Wählen Sie unter <b>Erkenntnisse</b> einen Wettbewerber und <b>Bewertungen importieren</b>: eine CSV-Datei mit Kopfzeile, ein JSON-Array oder JSON Lines, eine Bewertung pro Zeile, mit Portal (G2, Capterra, Gartner, TrustRadius und andere), Link, Titel, Bewertung, Datum und Text. Eine Datei wird ganz oder gar nicht importiert: Eine fehlerhafte Zeile wird mit ihrer Zeilennummer genannt, und bereits vorhandene Bewertungen werden übersprungen.\n\nRivalscope findet dann die Aspekte, über die Rezensenten sprechen, und was sie loben und kritisieren, mit Zitaten; Sie können Aspekte umbenennen, zusammenführen und ausblenden und eine Erkenntnis in eine Karte verwandeln.',
    },
    'dynamic-boards': {
      q: 'Was ist ein dynamisches Board?',
      a: 'Eine gespeicherte Suche, die aktuell bleibt: Gespeichert werden ihre Wörter, Filter, Zeitraum und Sortierung, nie ihre Karten, sodass jeder, der sie öffnet, die Suche für sich ausgeführt sieht, mit nur den Karten, die er sehen darf. Speichern Sie eine mit <b>Als dynamisches Board speichern</b> bei den Suchergebnissen, oder beginnen Sie eine im Menü <b>Neu</b> des Dashboards; veröffentlichen Sie sie, damit alle sie auf dem Dashboard finden.',
    },
    'invite-people': {
      q: 'Wie lade ich Personen ein und lege ihre Rolle fest?',
      a: 'Laden Sie unter <b>Unternehmenseinstellungen</b> › <b>Benutzer</b> jemanden per E-Mail mit einer Rolle und einer Sichtbarkeitsgruppe ein. Die Person erhält einen Einmal-Link, 7 Tage gültig, um Namen und Passwort festzulegen. Der Link wird verschickt, wenn ein Postausgangsserver angebunden ist, und lässt sich immer kopieren; Kopieren erzeugt einen neuen, und der alte funktioniert nicht mehr.\n\nIn derselben Liste ändern Sie Rolle und Gruppen einer Person oder deaktivieren sie: Ihre Sitzungen enden sofort, und was sie geschrieben hat, bleibt. Der letzte aktive Admin kann weder herabgestuft noch deaktiviert werden.',
    },
    'visibility-groups': {
      q: 'Wie funktionieren Sichtbarkeitsgruppen, und was passiert, wenn ich eine lösche?',
      a: 'Eine Sichtbarkeitsgruppe (etwa eine Region oder ein Vertriebsteam) ist eine Gruppe von Personen, für die Karten bestimmt sein können. Jeder sieht die Karten, die für alle und für seine Gruppen bestimmt sind; Kuratoren sehen alle.\n\nBevor Sie eine Gruppe löschen, sagt Rivalscope, was von ihr abhängt: Karten, die nur für diese Gruppe bestimmt sind, werden zu Kuratorenkarten, Karten, die auch für andere Gruppen bestimmt sind, behalten diese, ihre Mitglieder verlassen sie, und sie verschwindet aus den Gruppen von „Fragen“. Die Suche folgt sofort.',
    },
    features: {
      q: 'Wie schalte ich Teile von Rivalscope ein oder aus?',
      a: 'Unter <b>Unternehmenseinstellungen</b> › <b>Funktionen</b> sagt jeder Schalter in einer Zeile, was er tut und wer ihn zuletzt geändert hat: Kartenbewertungen und Feedback, einheitliche Suche, „Fragen“ auf dem Dashboard, Unternehmensseiten, dynamische Boards, News und Ungelesen-Zähler für den Vertrieb und mehr. Eine Änderung gilt sofort für alle und wird im Audit-Log festgehalten.',
    },
    'reports-access': {
      q: 'Wer kann welchen Bericht öffnen?',
      a: 'Sind Berichte für Ihr Unternehmen eingeschaltet, öffnen Admins alle vier: Mitgliedernutzung, Kuratorenaktivität, Wettbewerbsanalyse und Suchanalyse. Kuratoren öffnen immer die Suchanalyse und die anderen jeweils, wenn Ihr Unternehmen sie Kuratoren freigibt. Allen anderen wird der Zugriff verweigert.\n\nJeder Bericht liest beliebige Zeiträume, exportiert seine Tabellen als CSV und bietet Detailansichten, etwa von einer Rangliste zur Nutzung einer einzelnen Person.',
    },
    'mail-server': {
      q: 'Warum können wir keine Digests senden oder Einladungen verschicken?',
      a: 'Rivalscope verschickt Mails nur über einen Postausgangsserver, den der Betreiber angebunden hat (die Einstellung SMTP_URL). Bis dahin lassen sich Digests schreiben und in der Vorschau ansehen, aber nicht senden, ein Hinweis sagt das, und Einladungen werden als Links zum Kopieren und Weitergeben angezeigt.',
    },
    'audit-log': {
      q: 'Wie sehe ich, wer eine Einstellung geändert hat?',
      a: 'Unter <b>Unternehmenseinstellungen</b> › <b>Audit-Log</b>: wer eine Funktion, das Unternehmen, eine Rolle, eine Gruppe, das Konto einer Person, eine Einladung oder die Suchsynonyme geändert hat, und wann. Durchsuchen Sie es und filtern Sie nach dem, was geändert wurde. Jeder Eintrag wird zusammen mit seiner Änderung geschrieben, sodass keiner fehlt.',
    },
  },
} satisfies Translation<typeof en>;

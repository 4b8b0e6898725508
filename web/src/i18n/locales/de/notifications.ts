// German strings of notifications (the bell, the /notifications page, following cards), merged into en.ts under the
// key notifications.
import type en from '../en/notifications.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  kinds: {
    intel: 'Intel',
    job: 'Job',
    invitation: 'Einladung',
    card: 'Karte',
    integration: 'Integration',
  },
  titles: {
    intel: 'Neue Intel zu {rivals}',
    invitation: '{name} hat Ihre Einladung angenommen',
    card: '{card} wurde aktualisiert',
    integration: '{target, select, webhook {Der Webhook an {name} wurde abgeschaltet} slack {Slack funktioniert nicht mehr} other {Microsoft Teams funktioniert nicht mehr}}',
    job: '{state, select, completed {{job} abgeschlossen} failed {{job} fehlgeschlagen} other {{job} abgebrochen}}',
    jobs: {
      intelUpdate: '{total, plural, =0 {Mehrfachbearbeitung von Intel-Meldungen} one {Mehrfachbearbeitung von # Intel-Meldung} other {Mehrfachbearbeitung von # Intel-Meldungen}}',
      boardCreation: 'Board-Erstellung',
      reviewImport: 'Bewertungsimport',
    },
  },
  details: {
    cardEdited: 'Bearbeitet von {editor} · {rival} › {board}',
    cardPlace: '{rival} › {board}',
    jobCancelled: '{done, number} von {total, number} erledigt, bevor der Job abgebrochen wurde',
    jobNotChanged: '{failed, plural, one {# von {total, number} konnte nicht geändert werden} other {# von {total, number} konnten nicht geändert werden}}',
  },
  unread: 'Ungelesen',
  markRead: 'Als gelesen markieren',
  markAll: 'Alle als gelesen markieren',
  markedAll: '{count, plural, one {# Benachrichtigung als gelesen markiert} other {# Benachrichtigungen als gelesen markiert}}',
  nothingUnread: 'Nichts Ungelesenes',
  failed: 'Benachrichtigungen konnten nicht geladen werden',
  actionFailed: 'Die Benachrichtigungen konnten nicht aktualisiert werden',
  retry: 'Erneut versuchen',
  bell: {
    label: 'Benachrichtigungen',
    title: 'Benachrichtigungen',
    seeAll: 'Alle Benachrichtigungen anzeigen',
    empty: 'Sie sind auf dem neuesten Stand',
    emptyHint: 'Hier erscheinen neue Intel zu Ihren Wettbewerbern, abgeschlossene Jobs und Änderungen an Karten, denen Sie folgen.',
  },
  page: {
    eyebrow: 'Posteingang',
    title: 'Benachrichtigungen',
    subtitle: 'Neue Intel zu den Wettbewerbern, die Sie kuratieren, Jobs, die Sie gestartet haben, Einladungen, die Sie verschickt haben, und Änderungen an Karten, denen Sie folgen.',
    filterLabel: 'Anzeigen',
    filters: {
      all: 'Alle',
      unread: 'Ungelesen',
    },
    unreadCount: '{count, plural, one {# ungelesen} other {# ungelesen}}',
    today: 'Heute',
    yesterday: 'Gestern',
    loadMore: 'Mehr laden',
    end: 'Das ist alles.',
    empty: {
      all: {
        title: 'Noch keine Benachrichtigungen',
        text: 'Folgen Sie einer Karte über ihr Menü, um bei Änderungen benachrichtigt zu werden. Neue Intel zu Wettbewerbern, die Sie kuratieren, und von Ihnen gestartete Jobs erscheinen ebenfalls hier.',
      },
      unread: {
        title: 'Sie sind auf dem neuesten Stand',
        text: 'Nichts Ungelesenes. Wechseln Sie zu „Alle“, um bereits Gelesenes zu sehen.',
      },
    },
  },
  follow: {
    follow: 'Folgen',
    unfollow: 'Nicht mehr folgen',
    hint: 'Bei Änderungen benachrichtigt werden',
    followed: 'Sie werden benachrichtigt, wenn sich diese Karte ändert',
    unfollowed: 'Sie werden nicht mehr über diese Karte benachrichtigt',
    failed: 'Das Folgen konnte nicht geändert werden',
  },
} satisfies Translation<typeof en>;

// German strings of Settings › Provisioning (SCIM) (issue #53): the SCIM base URL and the company's SCIM token.
import type en from '../en/provisioning.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  intro:
    'Verbinden Sie Ihren Identitätsanbieter (Okta, Microsoft Entra ID oder einen anderen SCIM-2.0-Client), damit Personen hier angelegt, aktualisiert und deaktiviert werden, sobald sie es in Ihrem Verzeichnis sind. Geben Sie ihm die Basis-URL unten und ein hier erstelltes Token.',
  supported:
    'Von ihm angelegte Personen kommen als Mitglieder hinzu und melden sich per Single Sign-on an oder wenn ein Admin sie einlädt. Wer deaktiviert wird, dessen Sitzungen enden sofort. Seine Gruppen werden zu Sichtbarkeitsgruppen.',
  baseUrl: 'SCIM-Basis-URL',
  token: 'Token',
  none: 'Es gibt noch kein Token: Ihr Identitätsanbieter kann sich nicht verbinden.',
  create: 'Token erstellen',
  newToken: 'Ihr neues Token',
  shownOnce: 'Kopieren Sie es jetzt in Ihren Identitätsanbieter: Es wird nur dieses eine Mal angezeigt. Geht es verloren, ersetzen Sie es durch ein neues.',
  done: 'Fertig',
  created: 'Erstellt am {date}',
  createdBy: 'Erstellt am {date} von {name}',
  lastUsed: 'Zuletzt verwendet {when}',
  neverUsed: 'Noch nicht verwendet',
  rotate: 'Token ersetzen',
  rotateTitle: 'Token ersetzen?',
  rotateBody: 'Ein neues Token wird erstellt und das bisherige funktioniert sofort nicht mehr: Die Provisionierung ruht, bis Ihr Identitätsanbieter das neue hat.',
  revoke: 'Widerrufen',
  revokeTitle: 'Token widerrufen?',
  revokeBody: 'Ihr Identitätsanbieter kann hier keine Personen mehr anlegen, ändern oder deaktivieren, bis Sie ein neues Token erstellen.',
  revoked: 'Das Token wurde widerrufen',
  createFailed: 'Das Token konnte nicht erstellt werden',
  revokeFailed: 'Das Token konnte nicht widerrufen werden',
  loadFailed: 'Die Provisionierungseinstellungen konnten nicht geladen werden.',
} satisfies Translation<typeof en>;

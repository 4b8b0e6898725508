/// <reference types="chrome" />
// The "Send to Rivalscope" window: what was clicked (page, link or selection) with an optional note; Send posts it
// through the background and shows the rivals it was tagged with, or what went wrong.
import { CLIP_NOTE_MAX } from '../contracts/extension.ts';
import { localizePage, t } from './i18n.ts';
import { isFailure, MSG, type ClipDraft, type ExtensionClipCreated, type Failure } from './messages.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('clip');
const id = location.hash.slice(1);
localizePage();
$<HTMLTextAreaElement>('clip-note').maxLength = CLIP_NOTE_MAX;
$('clip-close').addEventListener('click', () => window.close());

void (chrome.runtime.sendMessage({ type: MSG.clipDraft, id }) as Promise<ClipDraft | null | Failure>).then((draft) => {
  if (!draft || isFailure(draft)) return void ($('clip-expired').hidden = false);
  $<HTMLInputElement>('clip-url').value = draft.url;
  $<HTMLInputElement>('clip-title').value = draft.title;
  $<HTMLTextAreaElement>('clip-selection').value = draft.selection;
  $('clip-selection-field').hidden = !draft.selection;
  form.hidden = false;
  $('clip-note').focus();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const send = $<HTMLButtonElement>('clip-send');
    send.disabled = true;
    send.textContent = t('clipSending');
    $('clip-error').hidden = true;
    const body = { ...draft, title: $<HTMLInputElement>('clip-title').value, note: $<HTMLTextAreaElement>('clip-note').value };
    void (chrome.runtime.sendMessage({ type: MSG.clip, id, body }) as Promise<{ created: ExtensionClipCreated; productUrl: string } | Failure>).then((answer) => {
      send.disabled = false;
      send.textContent = t('clipSend');
      if (isFailure(answer)) {
        $('clip-error').textContent = answer.error.message;
        $('clip-error').hidden = false;
        return;
      }
      const { created, productUrl } = answer;
      $('clip-rivals').textContent = created.rivals.length ? t('clipTagged', created.rivals.map((r) => r.name).join(', ')) : t('clipNoRivals');
      $<HTMLAnchorElement>('clip-open').href = new URL(created.path, productUrl).href;
      form.hidden = true;
      $('clip-done').hidden = false;
      $('clip-open').focus();
    });
  });
});

// English strings of editing one intel item on /alerts (its title, rivals and related alerts), registered by the files
// that show them, under the key intelEditing.
import { registerStrings } from '../register.ts';

export const intelEditing = {
  open: 'Edit',
  openLabel: 'Edit {{title}}',
  dialogTitle: 'Edit intel item',
  loadFailed: 'The intel item could not be loaded',
  retry: 'Try again',
  title: {
    label: 'Title',
    description: 'Shown in the feed, in digests and in search instead of the original title.',
    original: 'Original: {{title}}',
    save: 'Save title',
    useOriginal: 'Use original title',
    required: 'Enter a title, or use the original one',
    tooLong: 'At most {{max}} characters',
    saved: 'Title saved',
    restored: 'Original title restored',
    failed: 'The title could not be saved',
  },
  rivals: {
    label: 'Rivals',
    none: 'Not about any rival yet.',
    add: 'Add a rival',
    addPlaceholder: 'Pick a rival',
    nothingFound: 'No rival by that name',
    remove: 'Remove {{name}}',
    added: '{{name}} added',
    removed: '{{name}} removed',
    failed: 'The rivals could not be changed',
  },
  related: {
    label: 'Related alerts',
    count_one: '{{count}} related alert',
    count_other: '{{count}} related alerts',
    none: 'No related alerts: nobody else reported this story.',
    open: 'Open the source',
    noSource: 'No source link',
    state: 'State of {{title}}',
    delete: 'Delete {{title}}',
    changed: 'Related alert moved to {{state}}',
    failed: 'The related alert could not be changed',
    confirmTitle: 'Delete this related alert?',
    confirmText: '“{{title}}” moves to Deleted. You can restore it from the Deleted view.',
    confirmDelete: 'Delete alert',
    cancel: 'Keep it',
  },
  showInFeed: 'Show in the feed',
  done: 'Done',
};

registerStrings('intelEditing', intelEditing);

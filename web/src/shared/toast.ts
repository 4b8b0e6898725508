// Toasts of actions on cards, battlecards and their bulk edits (part 2 §8): a short success, or a failure with the
// server's message in the reader's language (api/errorText.ts).
import { notifications } from '@mantine/notifications';
import { errorText } from '../api/errorText.ts';

export const toastSuccess = (message: string) => notifications.show({ color: 'teal', message, autoClose: 3000 });

export const toastError = (title: string, err: unknown) =>
  notifications.show({ color: 'red', title, message: errorText(err), autoClose: 6000 });

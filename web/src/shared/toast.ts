// Toasts of actions on cards, battlecards and their bulk edits (part 2 §8): a short success, or a failure with the server's message.
import { notifications } from '@mantine/notifications';

export const toastSuccess = (message: string) => notifications.show({ color: 'teal', message, autoClose: 3000 });

export const toastError = (title: string, err: unknown) =>
  notifications.show({ color: 'red', title, message: err instanceof Error ? err.message : String(err), autoClose: 6000 });

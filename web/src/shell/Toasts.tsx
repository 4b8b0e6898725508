// Where toasts (notifications.show) appear: loaded lazily by App.tsx.
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="bottom-right" zIndex={1000} limit={4} />;
}

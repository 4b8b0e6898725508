// Pieces the integration cards share: a connection's state and a delivery's state (an icon and a word, never colour
// alone), an event's name, and the toast of a test that came back.
import { Badge } from '@mantine/core';
import type { ChatIntegration, Delivery, DeliveryState, LoggedEvent } from '../../../contracts/integrations.ts';
import { AlertIcon, CheckIcon, ClockIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { notifications } from '@mantine/notifications';
import '../i18n/areas/integrations.ts';

/** An event's key among the strings: a dot would be a key separator to i18next. */
export const eventKey = (event: LoggedEvent) => `integrations.events.${event.replace('.', '_')}` as const;

export function ConnectionBadge({ state }: { state: ChatIntegration['state'] }) {
  const { t } = useTranslation();
  const [color, Icon] = state === 'connected' ? (['teal', CheckIcon] as const) : state === 'broken' ? (['red', AlertIcon] as const) : (['gray', null] as const);
  return (
    <Badge variant="light" color={color} leftSection={Icon ? <Icon size={12} /> : undefined} data-testid="integration-state" data-state={state}>
      {t(`integrations.state.${state}`)}
    </Badge>
  );
}

export function DeliveryBadge({ state }: { state: DeliveryState }) {
  const { t } = useTranslation();
  const [color, Icon] = state === 'succeeded' ? (['teal', CheckIcon] as const) : state === 'failed' ? (['red', AlertIcon] as const) : (['yellow', ClockIcon] as const);
  return (
    <Badge variant="light" color={color} leftSection={<Icon size={12} />} data-testid="delivery-state" data-state={state}>
      {t(`integrations.log.states.${state}`)}
    </Badge>
  );
}

/** What a test sent now got: delivered, or why not, in words. */
export function useTestToast() {
  const { t } = useTranslation();
  return (delivery: Delivery) =>
    delivery.state === 'succeeded'
      ? toastSuccess(t('integrations.routes.testSent'))
      : notifications.show({ color: 'red', message: t('integrations.routes.testFailed', { error: delivery.error ?? t('integrations.log.states.failed') }), autoClose: 8000 });
}

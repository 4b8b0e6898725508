// The landing page's settings for curators (part 3 §2.4 Settings modal, §4.6b, §7.4, §8): whether the written
// sections may use public sources, and which of the company's own products they compare against. Save stays
// disabled until something changed; Cancel (or closing) puts the saved settings back.
import { Button, Group, Modal, MultiSelect, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ProfileSettings } from '../../../contracts/landing.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useProducts, useSaveSettings } from './api.ts';
import { settingsChanged } from './model.ts';
import '../i18n/areas/landing.ts';

type Props = { opened: boolean; onClose: () => void; settings: ProfileSettings; profileId: number; organizationId: number | null };

export function SettingsModal({ opened, onClose, settings, profileId, organizationId }: Props) {
  const { t } = useTranslation();
  const [publicSourcesEnabled, setPublicSources] = useState(settings.publicSourcesEnabled);
  const [products, setProducts] = useState(() => settings.products.map(String));
  const options = useProducts(opened ? organizationId : null);
  const save = useSaveSettings(profileId);
  const form = { publicSourcesEnabled, products: products.map(Number) };
  const changed = settingsChanged(settings, form);

  const close = () => {
    setPublicSources(settings.publicSourcesEnabled);
    setProducts(settings.products.map(String));
    save.reset();
    onClose();
  };
  const submit = () =>
    save.mutate(form, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('landing.settings.saved'), autoClose: 5000 });
        onClose();
      },
      onError: () => notifications.show({ color: 'red', message: t('landing.settings.saveError'), autoClose: 6000 }),
    });

  return (
    <Modal opened={opened} onClose={close} title={t('landing.settings.title')} size="md">
      <Stack gap="lg" data-testid="landing-settings">
        <Switch
          checked={publicSourcesEnabled}
          onChange={(e) => setPublicSources(e.currentTarget.checked)}
          label={t('landing.settings.publicSources')}
          description={t('landing.settings.publicSourcesHint')}
          data-testid="landing-settings-public"
        />
        <MultiSelect
          label={t('landing.settings.products')}
          description={t(organizationId === null ? 'landing.settings.noOrganization' : 'landing.settings.productsHint')}
          placeholder={products.length ? undefined : t('landing.settings.productsPlaceholder')}
          data={(options.data?.products ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={products}
          onChange={setProducts}
          error={options.isError ? t('landing.settings.productsFailed') : undefined}
          disabled={organizationId === null || options.isPending}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="landing-settings-products"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-testid="landing-settings-cancel">
            {t('landing.settings.cancel')}
          </Button>
          <Button onClick={submit} disabled={!changed} loading={save.isPending} data-testid="landing-settings-save">
            {t('landing.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

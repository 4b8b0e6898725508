// React's view of the translator (index.ts): useTranslation() re-renders when the language changes and hands out
// the app's narrow Translate (key, values), and <Trans> puts elements into a string's named tags
// ('Did you mean <pick>{query}</pick>?').
import { useMemo } from 'react';
import { useTranslation as useI18next } from 'react-i18next';
import type { Translate } from './index.ts';

export { Trans } from 'react-i18next';

export function useTranslation() {
  const { t, i18n } = useI18next();
  const translate = useMemo<Translate>(() => (key, values) => t(key, values ?? {}), [t]);
  return { t: translate, i18n };
}

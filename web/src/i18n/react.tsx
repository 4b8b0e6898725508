// React's view of the translator: useTranslation() re-renders when the language changes, and <Trans> puts
// elements into a string's named tags ('Did you mean <pick>{{query}}</pick>?').
import { cloneElement, Fragment, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import i18n, { translator, type TranslateValues } from './index.ts';

export function useTranslation() {
  const language = useSyncExternalStore(i18n.subscribe, () => i18n.language, () => i18n.language);
  const t = useMemo(() => translator(language), [language]);
  return { t, i18n };
}

type TransProps = { i18nKey: string; values?: TranslateValues; components: Record<string, ReactElement<{ children?: ReactNode }>> };

export function Trans({ i18nKey, values, components }: TransProps) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  const text = t(i18nKey, values);
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    parts.push(text.slice(last, m.index));
    const element = components[m[1]];
    parts.push(element ? cloneElement(element, { key: m.index }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

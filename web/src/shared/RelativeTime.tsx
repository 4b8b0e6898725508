// A time relative to now in the reader's language ("3 hours ago", "vor 3 Stunden"), the full date as its title.
import { useTranslation } from '../i18n/react.tsx';
import { relativeTime } from './dates.ts';

/** `empty`: what to say when there is no time (or none that reads as one). */
export function RelativeTime({ at, empty = '' }: { at: string | null; empty?: string }) {
  const { i18n } = useTranslation();
  const date = at ? new Date(at) : null;
  if (!at || !date || Number.isNaN(date.getTime())) return <span>{empty}</span>;
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return (
    <time dateTime={at} title={full}>
      {relativeTime(at, i18n.language)}
    </time>
  );
}

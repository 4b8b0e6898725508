// The digest screen (/digest for the list, /digest/{id} for one digest), curators with digest availability only.
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../i18n/react.tsx';
import { DigestEditor } from './DigestEditor.tsx';
import { DigestList } from './DigestList.tsx';
import { StatusScreen } from '../pages/StatusScreen.tsx';
import '../i18n/areas/digest.ts';

export function DigestPage({ rest }: { rest: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('digest.list.title')} · ${t('app.titleSuffix')}`);
  const path = rest.replace(/\/+$/, '');
  if (!path) return <DigestList />;
  if (/^[1-9]\d{0,9}$/.test(path)) return <DigestEditor key={path} id={Number(path)} />;
  return <StatusScreen routeKey="notFound" />;
}

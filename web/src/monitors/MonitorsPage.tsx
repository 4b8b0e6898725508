// The monitors screen (/monitors for the list, /monitors/{id} for one monitor; issue #52), curators only (the route's
// guard): a rival's web pages and news feeds, checked on a schedule, each change turned into intel.
import { StatusScreen } from '../pages/StatusScreen.tsx';
import { MonitorDetail } from './MonitorDetail.tsx';
import { MonitorList } from './MonitorList.tsx';
import { monitorsPath } from './model.ts';
import '../i18n/areas/monitors.ts';

export function MonitorsPage({ rest }: { rest: string }) {
  const at = monitorsPath(rest);
  if (!at) return <StatusScreen routeKey="notFound" />;
  if (at.id === null) return <MonitorList />;
  return <MonitorDetail key={at.id} id={at.id} />;
}

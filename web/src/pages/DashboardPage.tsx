// The competitor dashboard lives in web/src/dashboard; this module keeps the route table's import.
export { DashboardPage } from '../dashboard/DashboardPage.tsx';

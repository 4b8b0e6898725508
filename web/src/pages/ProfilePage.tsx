// The profile board view lives in web/src/profile; this module keeps the route table's import.
export { ProfilePage } from '../profile/ProfilePage.tsx';

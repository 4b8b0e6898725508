// English strings of the impersonation page.
export default {
  title: 'Switch instance',
  description: 'Sign in as one of the users below to see Rivalscope as they do. You can revert at any time.',
  search: 'Find a user',
  searchPlaceholder: 'Name, email or username',
  impersonate: 'Impersonate',
  noUsers: 'No users match.',
  ownCompanyOnly: 'The list shows the users of your own company; enter a user id to impersonate anyone else.',
  failed: 'Impersonation failed',
  columns: {
    name: 'Name',
    email: 'Email',
    company: 'Company',
    roles: 'Roles',
  },
  consumer: 'Consumer',
  staff: 'Staff',
};

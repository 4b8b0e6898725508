// Users and companies for the pure-logic tests.
import type { Company, User } from '../../../contracts/account.ts';

export function makeUser(over: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'sam',
    name: 'Sam Seller',
    firstName: 'Sam',
    email: 'seller@demo.test',
    image: null,
    roles: [],
    isStaff: false,
    isInternal: false,
    canImpersonate: false,
    isImpersonating: false,
    csrfToken: 'token',
    curatingRivals: [],
    curatingProfiles: [],
    visibilityGroupId: null,
    visibilityGroupIds: [],
    emailDigest: true,
    language: 'en',
    createdAt: '2024-01-01T00:00:00.000Z',
    lastSeenAt: null,
    deactivatedAt: null,
    companyName: 'Northwind Analytics',
    userData: {},
    ...over,
  };
}

export const consumer = (over: Partial<User> = {}) => makeUser(over);
export const curator = (over: Partial<User> = {}) => makeUser({ id: 2, username: 'cory', name: 'Cory Curator', roles: ['curator'], ...over });
export const admin = (over: Partial<User> = {}) => makeUser({ id: 1, username: 'ada', name: 'Ada Admin', roles: ['admin'], ...over });
export const staff = (over: Partial<User> = {}) =>
  makeUser({ id: 4, username: 'stacy', name: 'Stacy Staff', isStaff: true, canImpersonate: true, ...over });

export function makeCompany(
  flags: Record<string, boolean> = {},
  over: Partial<Omit<Company, 'companyData'>> & { companyData?: Partial<Company['companyData']> } = {},
): Company {
  const { companyData, ...rest } = over;
  return {
    id: 1,
    name: 'Northwind Analytics',
    url: null,
    iconUrl: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    reviewFrequency: null,
    reviewRole: null,
    ownOrganizationId: null,
    domain: null,
    emailDomains: [],
    usageReports: {},
    askPermittedVisibilityGroups: [],
    requireTwoFactor: false,
    firstProfileId: 11,
    firstRivalId: 21,
    ...rest,
    companyData: { flags, ...companyData },
  };
}

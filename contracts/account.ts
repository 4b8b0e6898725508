// HTTP contracts for accounts, company, users, bookmarks and sessions (part 1 §3, §7).
import { z } from 'zod';

export const SignInBody = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
  redirectTo: z.string().max(2048).optional(),
});

/** PUT /company.json and /users/me.json: a flag path (dot-separated or a list of keys) and its value. */
export const FeatureFlagBody = z
  .object({
    featureFlag: z.union([
      z.string().regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+){0,4}$/, 'must be a dot-separated key path'),
      z.array(z.string().regex(/^[A-Za-z0-9_]+$/)).min(1).max(5),
    ]),
    value: z.json(),
  })
  .strict();

export const BookmarkBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    url: z
      .string()
      .trim()
      .max(2048)
      .refine((u) => /^https?:\/\/[^\s]+$/i.test(u) || /^\/(?!\/)\S*$/.test(u), 'must be an http(s) URL or a path in the app'),
  })
  .strict();

export const UsersQuery = z.object({
  typeFilter: z.enum(['curators', 'admins', 'consumers']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
  order: z.enum(['alpha']).optional(),
  query: z.string().trim().max(200).optional(),
});

export const UserUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    firstName: z.string().trim().max(200).nullable().optional(),
    emailDigest: z.boolean().optional(),
    roles: z.array(z.enum(['admin', 'curator'])).max(2).optional(),
    visibilityGroupIds: z.array(z.number().int().nonnegative()).max(100).optional(),
  })
  .strict();

export const ImpersonateBody = z.object({ userId: z.coerce.number().int().positive() }).strict();

export type Role = 'admin' | 'curator';

export type RecentProfile = { id: number; name: string; logo: string | null };

export type User = {
  id: number;
  username: string;
  name: string;
  firstName: string | null;
  email: string;
  image: string | null;
  roles: Role[];
  isStaff: boolean;
  isInternal: boolean;
  canImpersonate: boolean;
  isImpersonating: boolean;
  /** Present only on /users/me.json. */
  csrfToken?: string;
  curatingRivals: number[];
  curatingProfiles: number[];
  visibilityGroupId: number | null;
  visibilityGroupIds: number[];
  emailDigest: boolean;
  createdAt: string;
  lastSeenAt: string | null;
  companyName: string;
  userData: Record<string, unknown>;
};

export type Company = {
  id: number;
  name: string;
  url: string | null;
  iconUrl: string | null;
  createdAt: string;
  reviewFrequency: number | null;
  reviewRole: string | null;
  ownOrganizationId: number | null;
  domain: string | null;
  emailDomains: string[];
  companyData: {
    flags: Record<string, boolean>;
    forceHome?: string | null;
    consumerHome?: 'dashboard' | 'landing' | 'battlecard' | 'profile';
    defaults?: Record<string, unknown>;
    analytics?: Record<string, unknown>;
  };
  usageReports: Record<string, boolean>;
  askPermittedVisibilityGroups: number[];
  /** Where this company's users land; computed by the server so web and API agree (see web/app/routes.ts). */
  firstProfileId: number | null;
};

export type Bookmark = { id: number; name: string; url: string };

export type NotificationCounts = {
  sessionIdleTimeoutAt: string;
  sessionAbsoluteTimeoutAt: string;
  notifications: number;
};

export type ApiError = { error: string; details?: unknown };

/** GET /api/impersonate/users.json: users of every company, for staff. */
export type ImpersonationCandidate = Pick<User, 'id' | 'name' | 'username' | 'email' | 'isStaff' | 'companyName' | 'roles'>;

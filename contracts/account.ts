// HTTP contracts for accounts, company, users and sessions (part 1 §3, §7), and people:
// invitations, deactivation, one's own profile and password.
//
//   GET    /api/users.json?typeFilter&status&page&limit&order&query → UserPage               (signed in)
//   PUT    /api/users/{id}.json          UserUpdateBody → User: oneself, or anyone for an admin; roles
//                                        and groups by admins only, never leaving no active admin
//   POST   /api/users/{id}/deactivate.json → User: sessions end at once; no sign-in   (admins)
//   POST   /api/users/{id}/reactivate.json → User                                      (admins)
//   PUT    /api/users/me/password.json   PasswordChangeBody → {ok, endedSessions}: the user's other
//                                        sessions end, this one stays                  (signed in)
//   GET    /api/invitations.json         → Invitation[]: pending ones, expired included (admins)
//   POST   /api/invitations.json         InvitationBody → 201 InvitationLink; mailed when SMTP is set (admins)
//   POST   /api/invitations/{id}/link.json → InvitationLink: a new link (the old one stops working) (admins)
//   DELETE /api/invitations/{id}.json    → 204: revoked                                (admins)
//   GET    /api/account/invitation/{token}.json → InvitationPreview; 404 unknown, 410 with
//                                        details.reason expired, revoked or used       (public)
//   POST   /account/invitation/{token}   AcceptInvitationBody → {ok, redirectTo}: the account is made
//                                        and signed in (a sign-in-like post, outside /api) (public)
//   POST   /api/account/password_resets  PasswordResetRequestBody → 202, whether or not the address has an
//                                        account; an active account is mailed a link valid one hour (public)
//   PUT    /api/account/password_resets/{token} PasswordResetBody → 204: the password is set and every
//                                        session of the user ends; 404 unknown or replaced, 410 expired
//                                        or used                                        (public)
//
// Two-step verification (TOTP), one's own (signed in):
//   GET    /api/account/two_factor       → TwoFactorStatus
//   POST   /api/account/two_factor/setup → TwoFactorSetup: a new secret waiting for its first code (replacing one
//                                        not confirmed); 409 when already on
//   POST   /api/account/two_factor/confirm TwoFactorCodeBody → RecoveryCodes: on; the codes are shown only now
//   DELETE /api/account/two_factor       TwoFactorProofBody → 204: off
//   POST   /api/account/two_factor/recovery_codes TwoFactorProofBody → RecoveryCodes: the old ones stop working
//   PUT    /api/company/two_factor.json  TwoFactorRequirementBody → Company: password sign-ins of users without
//                                        two-step verification lead to enrollment first            (admins)
// Sign-in of a user with two-step verification: POST /account/signin answers SignInNeedsCode (no session yet; a
// pending sign-in cookie for 5 minutes, or a 303 to /account/signin?twoFactor=1 for a form post), then
//   POST   /account/signin/two_factor    TwoFactorSignInBody (form or JSON) → {ok, redirectTo}: a 6-digit code,
//                                        once per time step, or an unused recovery code       (public)
import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

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

/** Passwords people set (invitations, password change); create-admin asks for the same length. */
export const PASSWORD_MIN_LENGTH = 12;
export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH, `must have at least ${PASSWORD_MIN_LENGTH} characters`).max(1024);

export const USER_NAME_MAX = 200;
const PersonName = z.string().trim().min(1, 'is required').max(USER_NAME_MAX);


/** What an admin grants: 'consumer' is a user with neither the admin nor the curator role. */
export const ROLE_CHOICES = ['admin', 'curator', 'consumer'] as const;
export type RoleChoice = (typeof ROLE_CHOICES)[number];

/** The one role a user is shown with: admin over curator over consumer. */
export const roleOf = (roles: readonly Role[]): RoleChoice => (roles.includes('admin') ? 'admin' : roles.includes('curator') ? 'curator' : 'consumer');
export const rolesFor = (role: RoleChoice): Role[] => (role === 'consumer' ? [] : [role]);

const unique = <T,>(a: T[]) => new Set(a).size === a.length;
const GroupId = z.number().int().positive().max(2_147_483_647);

export const UsersQuery = z.object({
  typeFilter: z.enum(['curators', 'admins', 'consumers']).optional(),
  status: z.enum(['active', 'deactivated']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
  order: z.enum(['alpha']).optional(),
  query: z.string().trim().max(200).optional(),
});

export const UserUpdateBody = z
  .object({
    name: PersonName.optional(),
    firstName: z.string().trim().max(USER_NAME_MAX).nullable().optional(),
    emailDigest: z.boolean().optional(),
    image: z
      .string()
      .trim()
      .max(2048)
      .regex(/^https:\/\/[^\s]+$/i, 'must be an https URL')
      .nullable()
      .optional(),
    language: z.enum(LANGUAGES).optional(),
    roles: z.array(z.enum(['admin', 'curator'])).max(2).refine(unique, 'must not repeat a role').optional(),
    visibilityGroupIds: z.array(GroupId).max(100).refine(unique, 'must not repeat a group').optional(),
  })
  .strict();

export const PasswordChangeBody = z.object({ currentPassword: z.string().min(1, 'is required').max(1024), newPassword: NewPassword }).strict();

export const InvitationBody = z
  .object({
    email: z.string().trim().toLowerCase().email().max(320),
    role: z.enum(ROLE_CHOICES),
    visibilityGroupId: GroupId.nullable().default(null),
  })
  .strict();

export const PasswordResetRequestBody = z.object({ email: z.string().trim().toLowerCase().email().max(320) }).strict();
export const PasswordResetBody = z.object({ password: NewPassword }).strict();
export const passwordResetPath = (token: string) => `/account/password_reset/${token}`;

const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code of your authenticator app');
export const TwoFactorCodeBody = z.object({ code: TotpCode }).strict();
/** What turning two-step verification off or making new recovery codes asks for: a current code or the password. */
export const TwoFactorProofBody = z
  .object({ code: TotpCode.optional(), currentPassword: z.string().min(1, 'is required').max(1024).optional() })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.currentPassword === undefined), 'must give either code or currentPassword');
export const TwoFactorSignInBody = z.object({
  /** A 6-digit code or a recovery code (dashes and spaces ignored). */
  code: z.string().trim().min(6, 'is required').max(40),
  redirectTo: z.string().max(2048).optional(),
});
export const TwoFactorRequirementBody = z.object({ required: z.boolean() }).strict();
export const RECOVERY_CODE_COUNT = 10;

export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** Whether the company requires it for password sign-ins. */
  required: boolean;
};
/** The seed as an otpauth:// URI (for an authenticator app) and in base32 (to type in). */
export type TwoFactorSetup = { secret: string; uri: string };
export type RecoveryCodes = { recoveryCodes: string[] };
/** POST /account/signin's answer when the password was right and a code is needed next. */
export type SignInNeedsCode = { ok: false; twoFactorRequired: true; redirectTo: string };
export const SIGNIN_TWO_FACTOR_PATH = '/account/signin/two_factor';

export const AcceptInvitationBody = z.object({ name: PersonName, password: NewPassword }).strict();

/** An invitation not yet accepted or revoked; past its expiry it can only be renewed (a new link) or revoked. */
export type Invitation = {
  id: number;
  email: string;
  role: RoleChoice;
  visibilityGroup: { id: number; name: string } | null;
  invitedBy: { id: number; name: string } | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

/** A fresh invitation link: the token is shown once (only its digest is stored). */
export type InvitationLink = {
  invitation: Invitation;
  /** The absolute link (APP_URL), as mailed. */
  url: string;
  /** The same link as a path, for a browser to prefix with its own origin. */
  path: string;
  /** Whether the link went out by mail (SMTP configured and accepted). */
  mailed: boolean;
  mailError?: string;
};

/** Why a link no longer works (410). */
export type InvitationProblem = 'expired' | 'revoked' | 'used';

/** What the public invitation page shows. */
export type InvitationPreview = { email: string; role: RoleChoice; companyName: string; invitedBy: string | null; expiresAt: string };

export const invitationPath = (token: string) => `/account/invitation/${token}`;

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
  /** On /users/me.json, true when this session may only set up two-step verification (the company requires it). */
  twoFactorEnrollment?: boolean;
  curatingRivals: number[];
  curatingProfiles: number[];
  visibilityGroupId: number | null;
  visibilityGroupIds: number[];
  emailDigest: boolean;
  /** An i18n code of LANGUAGES. */
  language: string;
  createdAt: string;
  lastSeenAt: string | null;
  /** Set when an admin deactivated the account: it cannot sign in. */
  deactivatedAt: string | null;
  companyName: string;
  userData: Record<string, unknown>;
};

export type UserPage = { items: User[]; total: number; page: number; limit: number };

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
  /** Password sign-ins need two-step verification; users without it set it up first. */
  requireTwoFactor: boolean;
  /** Where this company's users land; computed by the server so web and API agree (see web/src/core/routes.ts). */
  firstProfileId: number | null;
  /** The rival of that first profile: consumers whose home is the landing page land on /company/{firstRivalId}. */
  firstRivalId: number | null;
};


/** GET /api/session.json: whether the request's cookie holds a live session, answered 200 either way (the app asks before it loads the user). */
export type SessionState = { signedIn: boolean };

export type NotificationCounts = {
  sessionIdleTimeoutAt: string;
  sessionAbsoluteTimeoutAt: string;
  notifications: number;
};

export type ApiError = { error: string; details?: unknown };

/** GET /api/impersonate/users.json: users of every company, for staff. */
export type ImpersonationCandidate = Pick<User, 'id' | 'name' | 'username' | 'email' | 'isStaff' | 'companyName' | 'roles'>;

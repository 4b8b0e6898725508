// HTTP contracts of a person's page (/users/{id}; part 1 §2, §3 User): what they made.
//
//   GET /api/users/{id}/cards.json?page&limit → AuthoredPage<AuthoredCard>: cards they authored that the
//       viewer may see, most recently updated first
//   GET /api/users/{id}/intel.json?page&limit → AuthoredPage<SubmittedIntel>: intel they submitted (curators)
import { z } from 'zod';
import { queryInt } from './query.ts';

export const AUTHORED_PAGE_SIZE = 10;


export const AuthoredQuery = z.object({ page: queryInt(1, 100_000).default(1), limit: queryInt(1, 50).default(AUTHORED_PAGE_SIZE) });

export type AuthoredCard = {
  id: number;
  name: string;
  updatedAt: string;
  board: { id: number; name: string };
  rival: { id: number; name: string; profileId: number; iconUrl: string | null };
};

export type SubmittedIntel = { id: number; title: string; state: string; createdAt: string; rivals: string[] };

export type AuthoredPage<T> = { items: T[]; total: number; page: number; limit: number };

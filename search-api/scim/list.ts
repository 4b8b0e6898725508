// What every SCIM list and read shares (RFC 7644 §3.4.2, §3.9): the query's paging (startIndex from 1, count capped,
// 0 for the total alone), its filter, the attributes asked for or left out, and the ListResponse.
import { z } from 'zod';
import { SCIM_PAGE, SCIM_SCHEMAS } from '../../contracts/scim.ts';
import { parseScim } from './errors.ts';

const whole = (name: string) =>
  z
    .string()
    .regex(/^-?\d{1,9}$/, `${name} must be an integer`)
    .transform(Number);

/** Comma-separated attribute names, in lower case without their schema's URN (only top-level names matter here). */
const attrList = z
  .string()
  .max(2_000)
  .transform((s) =>
    s
      .split(',')
      .map((a) => a.trim().toLowerCase().replace(/^urn:.*:(user|group):/, '').split('.')[0])
      .filter(Boolean),
  );

export const ScimListQuery = z.object({
  filter: z.string().trim().min(1).optional(),
  // RFC 7644 §3.4.2.4: a startIndex below 1 is read as 1, a negative count as 0; more than the most a page holds, that most.
  startIndex: whole('startIndex').transform((n) => Math.max(1, n)).default(1),
  count: whole('count').transform((n) => Math.min(Math.max(0, n), SCIM_PAGE.max)).default(SCIM_PAGE.default),
  attributes: attrList.optional(),
  excludedAttributes: attrList.optional(),
});
export type ScimListQuery = z.output<typeof ScimListQuery>;

export const ScimReadQuery = ScimListQuery.pick({ attributes: true, excludedAttributes: true });
export type Projection = z.output<typeof ScimReadQuery>;

export const parseListQuery = (query: unknown) => parseScim(ScimListQuery, query);
export const parseReadQuery = (query: unknown) => parseScim(ScimReadQuery, query);

/** Whether a top-level attribute is returned under the query's attributes and excludedAttributes. */
export function wanted(p: Projection, attr: string): boolean {
  const name = attr.toLowerCase();
  if (name === 'id' || name === 'schemas') return true;
  if (p.attributes?.length) return p.attributes.includes(name);
  return !p.excludedAttributes?.includes(name);
}

/** The resource with only the attributes the query asks for. */
export function project<T extends Record<string, unknown>>(resource: T, p: Projection): Partial<T> {
  if (!p.attributes?.length && !p.excludedAttributes?.length) return resource;
  return Object.fromEntries(Object.entries(resource).filter(([k]) => wanted(p, k))) as Partial<T>;
}

export function listResponse(resources: unknown[], totalResults: number, startIndex: number) {
  return { schemas: [SCIM_SCHEMAS.listResponse], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}

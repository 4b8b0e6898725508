// Organizations and their products (part 3 §3, §7.3): the company's own organization and the products it sells,
// which the landing page's product filter picks from. Every query is scoped by the caller's company.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import type { OwnOrganization } from '../../contracts/knowledgeHub.ts';
import type { Product } from '../../contracts/landing.ts';
import { apiError, fieldError } from '../errors.ts';

type Scope = { companyId: number };

async function requireOrganization(db: Exec, s: Scope, organizationId: number) {
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM organizations WHERE id = ${organizationId} AND company_id = ${s.companyId}`);
  if (!row) throw apiError('organization_not_found');
}

const duplicate = (name: string) => fieldError('product_taken', 'name', { name });
const nameTaken = (organizationId: number, name: string, except = 0) =>
  sql`EXISTS (SELECT 1 FROM products o WHERE o.organization_id = ${organizationId} AND lower(o.name) = lower(${name}) AND o.id <> ${except})`;

/** A product as written: its name, and what it does (left as it is when the body says nothing of it). */
export type ProductInput = { name: string; description?: string | null };
const descriptionOf = (p: ProductInput) => (p.description === undefined ? null : p.description || null);

export async function listProducts(db: Exec, s: Scope, organizationId: number): Promise<Product[]> {
  await requireOrganization(db, s, organizationId);
  return rowsOf<Product>(db, sql`SELECT id, name, description FROM products WHERE organization_id = ${organizationId} ORDER BY lower(name), id`);
}

export async function createProduct(db: Exec, s: Scope, organizationId: number, p: ProductInput): Promise<Product> {
  await requireOrganization(db, s, organizationId);
  const [row] = await rowsOf<Product>(
    db,
    sql`INSERT INTO products (company_id, organization_id, name, description) VALUES (${s.companyId}, ${organizationId}, ${p.name}, ${descriptionOf(p)})
        ON CONFLICT DO NOTHING RETURNING id, name, description`,
  );
  if (!row) throw duplicate(p.name);
  return row;
}

export async function updateProduct(db: Exec, s: Scope, organizationId: number, id: number, p: ProductInput): Promise<Product> {
  const taken = nameTaken(organizationId, p.name, id);
  const description = p.description === undefined ? sql`p.description` : sql`${descriptionOf(p)}`;
  const [row] = await rowsOf<Product & { taken: boolean }>(
    db,
    sql`UPDATE products p SET name = CASE WHEN ${taken} THEN p.name ELSE ${p.name} END,
                              description = CASE WHEN ${taken} THEN p.description ELSE ${description} END
        WHERE p.id = ${id} AND p.organization_id = ${organizationId} AND p.company_id = ${s.companyId}
        RETURNING p.id, p.name, p.description, p.name <> ${p.name} AS taken`,
  );
  if (!row) throw apiError('product_not_found');
  if (row.taken) throw duplicate(p.name);
  return { id: row.id, name: row.name, description: row.description };
}

/** Deletes a product and takes it out of every landing page's product filter. */
export async function deleteProduct(db: Db, s: Scope, organizationId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`DELETE FROM products WHERE id = ${id} AND organization_id = ${organizationId} AND company_id = ${s.companyId} RETURNING id`);
    if (!rows.length) throw apiError('product_not_found');
    await tx.execute(sql`
      UPDATE profiles SET products = coalesce((SELECT jsonb_agg(e) FROM jsonb_array_elements(products) e WHERE e <> to_jsonb(${id}::int)), '[]')
      WHERE company_id = ${s.companyId} AND products @> to_jsonb(${id}::int)`);
  });
}

/** The company's own organization (the knowledge hub's and the landing page's), or 404. */
export async function ownOrganization(db: Exec, s: Scope): Promise<OwnOrganization> {
  const [row] = await rowsOf<{ id: number; name: string; url: string | null }>(
    db,
    sql`SELECT id, name, url FROM organizations WHERE company_id = ${s.companyId} AND is_own_organization`,
  );
  if (!row) throw apiError('organization_not_found');
  return { ...row, isOwnOrganization: true };
}

/** Creates an organization; the company's own one (at most one) becomes companies.own_organization_id. */
export async function createOrganization(db: Db, s: Scope, body: { name: string; url?: string | null; isOwnOrganization: boolean }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO organizations (company_id, name, url, is_own_organization) VALUES (${s.companyId}, ${body.name}, ${body.url ?? null}, ${body.isOwnOrganization})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!row) throw fieldError('own_organization_exists', 'isOwnOrganization');
    if (body.isOwnOrganization) await tx.execute(sql`UPDATE companies SET own_organization_id = ${row.id} WHERE id = ${s.companyId}`);
    return row;
  });
}

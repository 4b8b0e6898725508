// Organizations and their products (part 3 §3, §7.3): the company's own organization and the products it sells,
// which the landing page's product filter picks from. Every query is scoped by the caller's company.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
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

export async function listProducts(db: Exec, s: Scope, organizationId: number): Promise<Product[]> {
  await requireOrganization(db, s, organizationId);
  return rowsOf<Product>(db, sql`SELECT id, name FROM products WHERE organization_id = ${organizationId} ORDER BY lower(name), id`);
}

export async function createProduct(db: Exec, s: Scope, organizationId: number, name: string): Promise<Product> {
  await requireOrganization(db, s, organizationId);
  const [row] = await rowsOf<Product>(
    db,
    sql`INSERT INTO products (company_id, organization_id, name) VALUES (${s.companyId}, ${organizationId}, ${name}) ON CONFLICT DO NOTHING RETURNING id, name`,
  );
  if (!row) throw duplicate(name);
  return row;
}

export async function renameProduct(db: Exec, s: Scope, organizationId: number, id: number, name: string): Promise<Product> {
  const [row] = await rowsOf<Product & { taken: boolean }>(
    db,
    sql`UPDATE products p SET name = CASE WHEN ${nameTaken(organizationId, name, id)} THEN p.name ELSE ${name} END
        WHERE p.id = ${id} AND p.organization_id = ${organizationId} AND p.company_id = ${s.companyId}
        RETURNING p.id, p.name, p.name <> ${name} AS taken`,
  );
  if (!row) throw apiError('product_not_found');
  if (row.taken) throw duplicate(name);
  return { id: row.id, name: row.name };
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

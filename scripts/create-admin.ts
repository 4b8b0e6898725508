// `npm run create-admin -- --email a@b.c --name "Ada" [--company "Acme"]`: makes the first admin
// (production never gets demo accounts). The password comes from ADMIN_PASSWORD or is asked for.
import readline from 'node:readline/promises';
import { Command } from 'commander';
import { asc, sql } from 'drizzle-orm';
import { loadConfig } from '../server-shared/config.ts';
import { hashPassword } from '../server-shared/passwords.ts';
import { PASSWORD_MIN_LENGTH } from '../contracts/account.ts';
import { connect } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { companies, userRoles, users } from '../db/schema.ts';

const opts = new Command()
  .requiredOption('--email <email>', 'the admin’s email')
  .requiredOption('--name <name>', 'the admin’s full name')
  .option('--company <name>', 'company name, when the database has none yet', 'My Company')
  .parse()
  .opts<{ email: string; name: string; company: string }>();

if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(opts.email)) fail('--email must be an email address');
const password = process.env.ADMIN_PASSWORD || (await ask(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `));
if (password.length < PASSWORD_MIN_LENGTH) fail(`the password must have at least ${PASSWORD_MIN_LENGTH} characters`);

const config = loadConfig();
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.DATA_DIR);
const db = connect(config.DATABASE_URL ?? embedded!.url, 2);
try {
  await migrateDatabase(db);
  const email = opts.email.toLowerCase();
  const [taken] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (taken) throw new Error(`a user with email ${email} already exists`);
  let [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
  company ??= (await db.insert(companies).values({ name: opts.company, emailDomains: [email.split('@')[1]] }).returning())[0];
  const [user] = await db
    .insert(users)
    .values({
      companyId: company.id,
      email,
      name: opts.name,
      firstName: opts.name.split(' ')[0],
      username: email.split('@')[0].replace(/[^\w.-]/g, ''),
      passwordHash: await hashPassword(password),
    })
    .returning();
  await db.insert(userRoles).values({ companyId: company.id, userId: user.id, role: 'admin' });
  console.log(`Admin ${email} created in ${company.name}.`);
} catch (err) {
  console.error(`create-admin: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.$client.end();
  await embedded?.stop();
}

function fail(message: string): never {
  console.error(`create-admin: ${message}`);
  process.exit(2);
}

async function ask(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(question);
  rl.close();
  return answer;
}

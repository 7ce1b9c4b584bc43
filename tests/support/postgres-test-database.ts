import pg from "pg";
import { migrate } from "#server/db/migrate.ts";
import { openPostgresDatabase } from "#server/db/postgres-database.ts";

/** The migrated database every test database on TEST_DATABASE_URL's server is a copy of (CREATE DATABASE … TEMPLATE). */
export function postgresTemplateName(url: string): string {
  return `${decodeURIComponent(new URL(url).pathname.slice(1))}_template`;
}

/**
 * Vitest global set-up for runs with TEST_DATABASE_URL (CI): the API tests each work in a database of their own,
 * in parallel, on that server. Whatever the server already holds must not matter, so before any file starts this
 * creates TEST_DATABASE_URL's database when it does not exist yet (the maintenance connections go there), and
 * installs pg_trgm there, and migrates a template anew: a copy of it is a few hundred milliseconds, the migrations on each test's database
 * several seconds on this 2-core machine.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  await withClient(maintenance.toString(), async (client) => {
    const { rows } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rows.length === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  });
  // Tests that work in a schema of TEST_DATABASE_URL's database (several migration runners at once) find pg_trgm
  // in `public`, which their search path includes; left to the migrations, the runners would race to create it.
  await withClient(url, (client) => client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public"));
  const template = pg.escapeIdentifier(postgresTemplateName(url));
  const dropTemplate = async () => {
    await withClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  };
  await dropTemplate();
  await withClient(url, (client) => client.query(`CREATE DATABASE ${template} TEMPLATE template0`));
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${encodeURIComponent(postgresTemplateName(url))}`;
  const db = await openPostgresDatabase(templateUrl.toString());
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return dropTemplate;
}

/** One client on `connectionString` for `work`, closed after it. */
export async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

import pg from "pg";

/**
 * Vitest global set-up for runs with TEST_DATABASE_URL (CI): the API tests work in a schema per file, in
 * parallel, on that server. Whatever the server already holds must not matter, so before any file starts this
 * creates the database when it does not exist yet and installs pg_trgm once, in `public`, which every test
 * schema's search path includes. Left to the migrations, the first file would create the extension inside its
 * own schema (and drop it with that schema) while the others raced it.
 */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  await withClient(maintenance.toString(), async (client) => {
    const { rows } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rows.length === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  });
  await withClient(url, (client) => client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public"));
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

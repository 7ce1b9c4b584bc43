import type { Endpoint } from "./endpoints.ts";
import { BENCH_STAFF } from "./seed-work.ts";

const QUEUE = "/api/staff/grievances";

/**
 * The console's work queue as staff use it, signed in as BENCH_STAFF (seed-work.ts): the default order, and the
 * views a utility runs its week through (docs/decisions/029-teams-routing-and-assignment.md). Each must stay within
 * twice its figure at a thousand reports and 100 ms at a million.
 */
export async function staffEndpoints(base: string): Promise<Endpoint[]> {
  const headers = { cookie: await signIn(base) };
  const target = { ratio: 2, ms: 100 };
  const rows: Array<[string, string]> = [
    ["staff queue, oldest open first", QUEUE],
    ["staff queue, my work", `${QUEUE}?view=mine`],
    ["staff queue, my teams", `${QUEUE}?view=my-teams`],
    ["staff queue, needs a team", `${QUEUE}?view=needs-team`],
    ["staff queue, overdue", `${QUEUE}?overdue=true`],
    ["staff queue, by time left", `${QUEUE}?sort=time-left`],
  ];
  const endpoints: Endpoint[] = [];
  // Access on request (docs/decisions/043): a seeded reporter's address and number, looked up in every table through
  // migration 044's indexes. Each lookup also commits an audit entry, a write the queue's reads do not pay: held to
  // the ratio (the indexes), not to the readers' 100 ms.
  const person = "/api/staff/personal-data";
  const lookups: Array<[string, string]> = [
    ["personal data, by e-mail", `${person}?email=resident4%40example.org`],
    ["personal data, by phone", `${person}?phone=${encodeURIComponent("0700000008")}`],
  ];
  for (const [name, path] of [...rows, ...lookups]) {
    const answer = await fetch(base + path, { headers });
    const rowTarget = path.startsWith(person) ? { ratio: 2 } : target;
    if (answer.ok) endpoints.push({ name, paths: [path], target: rowTarget, headers });
    else console.log(`  ${name}: not measured, this portal answers ${answer.status} (no such view yet)`);
  }
  return endpoints;
}

/** A staff session's cookie, as the console's sign-in form gets it. */
async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/staff/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(BENCH_STAFF),
  });
  const cookie = answer.headers.get("set-cookie");
  if (!answer.ok || !cookie) throw new Error(`Signing in as ${BENCH_STAFF.email} answered ${answer.status}`);
  return cookie.split(";")[0]!;
}

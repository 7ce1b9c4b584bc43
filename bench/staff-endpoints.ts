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
  for (const [name, path] of rows) {
    const answer = await fetch(base + path, { headers });
    if (answer.ok) endpoints.push({ name, paths: [path], target, headers });
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

import { PGlite } from "@electric-sql/pglite";
const pg = await PGlite.create();
const q = async (s: string, p?: unknown[]) => { try { const r = await pg.query(s, p); console.log(s.slice(0,80), JSON.stringify(r.rows)); } catch (e) { console.log("ERR", s.slice(0,80), (e as Error).message); } };
await q("select version()");
await q("show lc_ctype");
await q(`create table t (title text, description text, location text, created_at timestamptz default now(), search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description || ' ' || coalesce(location, ''))) STORED)`);
await q(`insert into t (title, description, location) values ('Öl Straße Leaking PIPE', 'water_meter 100% 3.5 O''Brien jane@example.org in-progress пожар 水管', null)`);
await q("select search_vector::text from t");
for (const s of ["pip", "or", "-", "!!!", "\"", "a or b pip", "water - pip", "\"broken main\" pip", "-crab pip", "it's", "x'y", "100%", "water_meter", "öl", "ÖL", "a:*", "'); drop table t; --", "3.5", "water-pi", "or pipe", "pipe or", "водa", "水管"]) {
  await q("select websearch_to_tsquery('simple', $1)::text as w, (websearch_to_tsquery('simple', $1)::text || ':*')::tsquery::text as p", [s]);
}
await q("select count(*) from t where search_vector @@ websearch_to_tsquery('simple', $1)", ["!!!"]);
await q("select to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') from t");
await q("select ''::tsquery && 'a'::tsquery");

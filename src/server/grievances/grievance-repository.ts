import type { Category, Priority, Status } from "#shared/domain.ts";
import type { GrievanceListFilters, NewGrievance } from "#shared/grievances/grievance-schema.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ImageKeys } from "../storage/object-key.ts";
import { CAPPED, countCapped, MATCHING_CAP, SURELY_ABOVE_CAP, type MatchingCount } from "./capped-count-repository.ts";
import { allOf, categoryNameOf, filterConditions } from "./grievance-filter-repository.ts";
import { UUID_PATTERN } from "../db/uuid-pattern.ts";
import { SORT_AT_SQL, type ListCursor, type SortKey } from "./list-cursor.ts";
import { WordStatistics } from "./word-statistics-repository.ts";

/**
 * One image in a row's `images` list: object keys, never URLs. Reports from before medium versions were made have
 * neither `mediumKey` nor the size.
 */
export interface StoredImage extends Pick<ImageKeys, "key" | "thumbnailKey"> {
  mediumKey?: string;
  /** Pixel size of the stored full image, measured when it was made. */
  width?: number;
  height?: number;
}

/** A row of `grievances` as the database returns it. */
export interface GrievanceRow {
  id: string;
  reference: string;
  title: string;
  description: string;
  location: string | null;
  category: Category;
  priority: Priority;
  status: Status;
  user_email: string | null;
  user_phone: string | null;
  images: StoredImage[];
  created_at: Date;
  /** The pin (migration 013), read as float8; both null without one. */
  latitude: number | null;
  longitude: number | null;
  /** "I have this problem too" presses; the reporter is not among them. */
  affected_count: number;
}

export interface GrievancePage extends MatchingCount {
  rows: GrievanceRow[];
  total: number;
  /** The last row's place when older rows follow it (the next page's cursor), else null. */
  older: SortKey | null;
  /** The first row's place when newer rows precede it (the previous page's cursor), else null. */
  newer: SortKey | null;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** A keyset position: the page is found from it through the index, and `page` is not used. */
  cursor?: ListCursor | undefined;
}

type PageWindow = Pick<GrievancePage, "rows" | "older" | "newer">;

interface ListedRow extends GrievanceRow {
  sort_at: string;
}

// Reports hidden by staff (migrations/003_grievance_events.sql) never appear in a public answer or count.
const PUBLIC_ONLY = "hidden_at IS NULL";

/** The columns of a GrievanceRow; never tracking_token_hash, which no answer carries. */
export const COLUMNS = columnsOf("");

/** The columns of a GrievanceRow (the category by its current name), qualified by `alias` ("g.") in a query that names the table. */
export function columnsOf(alias: string): string {
  return `${alias}id, ${alias}reference, ${alias}title, ${alias}description, ${alias}location,
    ${categoryNameOf(`${alias}category`)} AS category,
    ${alias}priority, ${alias}status, ${alias}user_email, ${alias}user_phone, ${alias}images, ${alias}created_at,
    ${alias}latitude::float8 AS latitude, ${alias}longitude::float8 AS longitude, ${alias}affected_count`;
}

/** What makes a new report findable by its reporter: its reference and the hash of its tracking token. */
export interface NewTracking {
  reference: string;
  trackingTokenHash: Uint8Array;
  /** The language the report was submitted in, for the reporter's e-mails (migration 017); English by default. */
  locale?: Locale;
}

const whereClauseOf = (filters: GrievanceListFilters, params: unknown[]) => allOf(filterConditions(filters, params));

const NEWEST_FIRST = "ORDER BY created_at DESC, id DESC";

const keyOf = (row: ListedRow | undefined): SortKey | null => (row ? { at: row.sort_at, id: row.id } : null);

// The extra column would otherwise travel on as part of the row.
const withoutSortKey = ({ sort_at: _sortAt, ...row }: ListedRow): GrievanceRow => row;

/**
 * An area (`bbox`, no word) with at most this many reports is read whole, index-only, and sorted; one with more is
 * counted up to the cap and its page found by walking the date index (docs/decisions/016-map-and-location.md).
 */
const FEW_MATCHES = 2_000;

/** Where a page sits: the rows it shows, and whether more rows follow it or precede it. */
function windowOf(fetched: ListedRow[], pageSize: number, forward: boolean, behindExists: boolean): PageWindow {
  const more = fetched.length > pageSize;
  const shown = fetched.slice(0, pageSize);
  if (!forward) shown.reverse();
  const first = keyOf(shown[0]);
  const last = keyOf(shown.at(-1));
  return {
    rows: shown.map(withoutSortKey),
    older: (forward ? more : behindExists) ? last : null,
    newer: (forward ? behindExists : more) ? first : null,
  };
}

export class GrievanceRepository {
  private readonly db: Database;
  private readonly words: WordStatistics;

  constructor(db: Database, words = new WordStatistics(db)) {
    this.db = db;
    this.words = words;
  }

  /**
   * Runs inside the caller's transaction so the caller decides what else must succeed with it. Undefined when
   * another report already has the reference: nothing was inserted and the transaction can go on, so the caller
   * may draw another reference (a unique violation would abort the transaction instead).
   */
  async insert(
    tx: Queryable,
    grievance: NewGrievance,
    images: StoredImage[],
    status: Status,
    tracking: NewTracking,
  ): Promise<GrievanceRow | undefined> {
    const { rows } = await tx.query<GrievanceRow>(
      `INSERT INTO grievances
         (title, description, location, category, priority, status, user_email, user_phone, images, reference,
          tracking_token_hash, latitude, longitude, locale)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14)
       ON CONFLICT (reference) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        grievance.title,
        grievance.description,
        grievance.location ?? null,
        grievance.category,
        grievance.priority,
        status,
        grievance.user_email ?? null,
        grievance.user_phone ?? null,
        JSON.stringify(images),
        tracking.reference,
        tracking.trackingTokenHash,
        grievance.latitude ?? null,
        grievance.longitude ?? null,
        tracking.locale ?? DEFAULT_LOCALE,
      ],
    );
    return rows[0];
  }

  async findById(id: string): Promise<GrievanceRow | undefined> {
    // A malformed id cannot exist; asking PostgreSQL would only make it raise a cast error.
    if (!UUID_PATTERN.test(id)) return undefined;
    const { rows } = await this.db.query<GrievanceRow>(
      `SELECT ${COLUMNS} FROM grievances WHERE id = $1 AND ${PUBLIC_ONLY}`,
      [id],
    );
    return rows[0];
  }

  /**
   * One page, newest first, with the count of matching rows (capped, docs/product-decisions.md D12) and of all rows (D9), and where
   * the pages beside it start. By page number the rows before it are skipped (OFFSET); from a cursor they are not.
   */
  async list(filters: GrievanceListFilters, request: PageRequest): Promise<GrievancePage> {
    const { q, bbox, ...fields } = filters;
    const talliesRead = this.tallies(fields);
    // The tallies count by category, priority and status; a word or an area needs the rows themselves.
    if (!q && !bbox) {
      const [window, tallies] = await Promise.all([this.walk(filters, request), talliesRead]);
      return { ...window, ...tallies, matchingCapped: false };
    }
    if (!q)
      return this.db.transaction(async (tx) => ({
        ...(await this.inArea(tx, filters, request)),
        total: (await talliesRead).total,
      }));
    return this.search(filters, request, talliesRead);
  }

  /**
   * A page of a search, chosen by how many reports the statistics say hold the word at least
   * (docs/decisions/011-full-text-search.md). Counting the matches up to the cap reads each of them from the table,
   * wherever it lies, and that is most of a search's cost; the page alone, found by walking the date index, costs
   * about the page's size divided by the word's share. So:
   * - at least twice the cap (a word in 2 % of a million reports or more): walk, and count nothing;
   * - more than the cap: walk, and count up to the cap beside it (the count stops at the cap either way);
   * - otherwise, the one read the count needs also gives the page: the matches (at most the cap) are read once
   *   through the GIN index, counted, sorted and paged in one query, at any page number. Walking as well would
   *   add a page's walk to the same reads: 5,000 rows for a word in 0.3 % of reports. Only when there turn out to
   *   be more matches than the cap (the statistics did not know the word, or other filters narrow it) is the page
   *   then found by walking.
   */
  private async search(
    filters: GrievanceListFilters,
    request: PageRequest,
    talliesRead: Promise<{ matching: number; total: number }>,
  ): Promise<GrievancePage> {
    const [{ total }, atLeast] = await Promise.all([talliesRead, this.leastMatches(filters, talliesRead)]);
    if (atLeast >= SURELY_ABOVE_CAP) return { ...(await this.walk(filters, request)), ...CAPPED, total };
    if (atLeast > MATCHING_CAP) {
      const params: unknown[] = [];
      const [window, counted] = await Promise.all([
        this.walk(filters, request),
        countCapped(this.db, `grievances WHERE ${PUBLIC_ONLY} AND ${whereClauseOf(filters, params)}`, params),
      ]);
      return { ...window, ...counted, total };
    }
    const few = await this.fewMatches(filters, request, this.db, MATCHING_CAP);
    return { ...(few ?? { ...(await this.walk(filters, request)), ...CAPPED }), total };
  }

  /**
   * A page of the reports in an area (`bbox`, no word). PostgreSQL guesses that `position <@ box` keeps 0.1 % of the
   * rows whatever the box, and so reads a whole city's pins into a bitmap before any LIMIT applies. Without bitmaps
   * the area is read as a plain (index-only, migrations/014) scan that stops at its LIMIT; an area with more than
   * FEW_MATCHES is counted up to the cap the same way, and its page found by walking the date index, which
   * PostgreSQL only prefers to sorting the area when told not to sort (docs/decisions/016-map-and-location.md).
   * The settings last for this transaction only.
   */
  private async inArea(
    tx: Queryable,
    filters: GrievanceListFilters,
    request: PageRequest,
  ): Promise<Omit<GrievancePage, "total">> {
    await tx.query("SET LOCAL enable_bitmapscan = off");
    const few = await this.fewMatches(filters, request, tx);
    if (few) return few;
    const params: unknown[] = [];
    const counted = await countCapped(
      tx,
      `grievances WHERE ${PUBLIC_ONLY} AND ${whereClauseOf(filters, params)}`,
      params,
    );
    await tx.query("SET LOCAL enable_sort = off");
    return { ...(await this.walk(filters, request, tx)), ...counted };
  }

  /** A page found by walking the date index: by offset for a page number, from the place a cursor names. */
  private walk(filters: GrievanceListFilters, request: PageRequest, db: Queryable = this.db): Promise<PageWindow> {
    return request.cursor
      ? this.pageFrom(filters, request.cursor, request.pageSize, db)
      : this.pageAt(filters, request, db);
  }

  /**
   * The page and the exact count of a search or an area with at most `limit` matches, in one query: the matches (id
   * and date only) are found first, through the GIN index (or the area's GiST index), kept (MATERIALIZED, so
   * PostgreSQL cannot turn this into a walk of the date index), counted, sorted for the page, and joined to their
   * rows. Undefined when there are more.
   */
  private async fewMatches(
    filters: GrievanceListFilters,
    request: PageRequest,
    db: Queryable = this.db,
    limit = FEW_MATCHES,
  ): Promise<(PageWindow & MatchingCount) | undefined> {
    const { cursor, page, pageSize } = request;
    const params: unknown[] = [];
    const where = whereClauseOf(filters, params);
    const forward = cursor?.direction !== "before";
    let onPage = "true";
    let behind = `${page > 1}`;
    if (cursor) {
      params.push(cursor.at, cursor.id);
      const place = `($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
      onPage = `(created_at, id) ${forward ? "<" : ">"} ${place}`;
      behind = `EXISTS (SELECT 1 FROM matches WHERE (created_at, id) ${forward ? ">=" : "<="} ${place})`;
    }
    const order = forward ? "DESC" : "ASC";
    params.push(pageSize + 1, cursor ? 0 : (page - 1) * pageSize);
    const { rows } = await db.query<ListedRow & { matching: number; behind: boolean }>(
      `WITH matches AS MATERIALIZED (
         SELECT id, created_at FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} LIMIT ${limit + 1}
       ), on_page AS (
         SELECT id FROM matches WHERE ${onPage}
         ORDER BY created_at ${order}, id ${order} LIMIT $${params.length - 1} OFFSET $${params.length}
       )
       SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at, counted.matching, counted.behind
       FROM (SELECT (SELECT count(*) FROM matches)::int AS matching, ${behind} AS behind) AS counted
       LEFT JOIN (on_page JOIN grievances USING (id)) ON true
       ORDER BY created_at ${order}, id ${order}`,
      params,
    );
    const { matching = 0, behind: behindExists = false } = rows[0] ?? {};
    if (matching > limit) return undefined;
    // Without a row on the page, the one row carries the counts alone.
    const fetched = rows.filter((row) => row.id !== null).map(({ matching: _m, behind: _b, ...row }) => row);
    return { ...windowOf(fetched, pageSize, forward, behindExists), matching, matchingCapped: false };
  }

  /**
   * Page `page` by offset; one row more than the page tells whether another follows. Without a word or an area, the
   * rows are chosen by their keys alone and only those shown are read: the skipped ones come index-only from
   * grievances_public_created_idx (migrations/019), which carries the filters' columns, so page 500 passes 6,500
   * index entries instead of fetching 6,500 rows from the table. A word or an area is tested on the row itself
   * (and the area's walk runs with sorting off, under which a join would be planned as a walk of the whole table),
   * so those pages are read as they are walked.
   */
  private async pageAt(
    filters: GrievanceListFilters,
    { page, pageSize }: PageRequest,
    db: Queryable,
  ): Promise<PageWindow> {
    const params: unknown[] = [];
    const where = whereClauseOf(filters, params);
    params.push(pageSize + 1, (page - 1) * pageSize);
    const limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    const byKeys = !filters.q && !filters.bbox;
    const { rows } = await db.query<ListedRow>(
      byKeys
        ? `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at
           FROM (SELECT id FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} ${NEWEST_FIRST} ${limit}) AS on_page
           JOIN grievances USING (id)
           ${NEWEST_FIRST}`
        : `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} ${NEWEST_FIRST} ${limit}`,
      params,
    );
    // Past page 1, the skipped rows are newer ones.
    return windowOf(rows, pageSize, true, page > 1);
  }

  /**
   * The page beside a cursor: (created_at, id) compared as a row uses the (…, created_at DESC, id DESC) indexes, so
   * page 500 costs what page 1 costs. Backwards, the rows are read oldest first from the cursor and turned round.
   * One row more than the page tells whether the list goes on that way; whether it goes on the other way (from the
   * cursor's own place) is asked separately, since the cursor's row may have gone or been hidden since.
   */
  private async pageFrom(
    filters: GrievanceListFilters,
    cursor: ListCursor,
    pageSize: number,
    db: Queryable,
  ): Promise<PageWindow> {
    const params: unknown[] = [];
    const where = whereClauseOf(filters, params);
    params.push(cursor.at, cursor.id);
    const place = `($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    const forward = cursor.direction === "after";
    const [ahead, behind] = forward ? ["<", ">="] : [">", "<="];
    const [pageResult, behindResult] = await Promise.all([
      db.query<ListedRow>(
        `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at FROM grievances
         WHERE ${PUBLIC_ONLY} AND ${where} AND (created_at, id) ${ahead} ${place}
         ${forward ? NEWEST_FIRST : "ORDER BY created_at, id"} LIMIT $${params.length + 1}`,
        [...params, pageSize + 1],
      ),
      db.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} AND (created_at, id) ${behind} ${place}) AS found`,
        params,
      ),
    ]);
    return windowOf(pageResult.rows, pageSize, forward, behindResult.rows[0]?.found === true);
  }

  /**
   * Counts come from grievance_tallies (migrations/004), kept by triggers, so a list request never counts rows to
   * know how many match its fields or how many there are.
   */
  private async tallies(
    fields: Omit<GrievanceListFilters, "q" | "bbox">,
  ): Promise<{ matching: number; total: number }> {
    const params: unknown[] = [];
    const { rows } = await this.db.query<{ matching: number; total: number }>(
      `SELECT coalesce(sum(n) FILTER (WHERE ${whereClauseOf(fields, params)}), 0)::int AS matching,
              coalesce(sum(n), 0)::int AS total
       FROM grievance_tallies`,
      params,
    );
    return rows[0] ?? { matching: 0, total: 0 };
  }

  /**
   * How many reports at least match, as far as the statistics tell without reading rows (word-statistics-repository.ts): for one
   * word searched alone, its least share of the public reports; otherwise 0. With other filters too, the word's
   * share of all reports says nothing about its share of those.
   */
  private async leastMatches(filters: GrievanceListFilters, tallies: Promise<{ total: number }>): Promise<number> {
    const { q, ...fields } = filters;
    if (!q || Object.values(fields).some((value) => value !== undefined)) return 0;
    const [share, { total }] = await Promise.all([this.words.leastShare(q), tallies]);
    return share * total;
  }

  /**
   * Whether the public must not see this image (or thumbnail, or medium) key: a hidden report holds it (through
   * grievances_hidden_images_idx), or an update from the reporter (migration 011) that is hidden or whose report is
   * (through reporter_updates_images_idx; docs/decisions/015-reporter-actions.md).
   */
  async isImageOfHiddenReport(key: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM grievances
       WHERE hidden_at IS NOT NULL AND (images @> $1::jsonb OR images @> $2::jsonb OR images @> $3::jsonb)
       UNION ALL
       SELECT 1 FROM reporter_updates u
       WHERE (u.images @> $1::jsonb OR u.images @> $2::jsonb OR u.images @> $3::jsonb)
         AND (u.hidden_at IS NOT NULL
              OR EXISTS (SELECT 1 FROM grievances g WHERE g.id = u.grievance_id AND g.hidden_at IS NOT NULL))
       LIMIT 1`,
      [JSON.stringify([{ key }]), JSON.stringify([{ thumbnailKey: key }]), JSON.stringify([{ mediumKey: key }])],
    );
    return rows.length > 0;
  }

  async ping(): Promise<void> {
    await this.db.query("SELECT 1");
  }
}

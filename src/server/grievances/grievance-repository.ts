import type { Category, Priority, Status } from "../../shared/domain.ts";
import type { GrievanceListFilters, NewGrievance } from "../../shared/grievance-schema.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ImageKeys } from "../storage/object-key.ts";
import { countCapped, type MatchingCount } from "./capped-count.ts";
import { allOf, filterConditions, UUID_PATTERN } from "./grievance-sql.ts";
import { SORT_AT_SQL, type ListCursor, type SortKey } from "./list-cursor.ts";

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

const COLUMNS = "id, title, description, location, category, priority, status, user_email, user_phone, images, created_at";

const whereClauseOf = (filters: GrievanceListFilters, params: unknown[]) => allOf(filterConditions(filters, params));

const NEWEST_FIRST = "ORDER BY created_at DESC, id DESC";

const keyOf = (row: ListedRow | undefined): SortKey | null => (row ? { at: row.sort_at, id: row.id } : null);

// The extra column would otherwise travel on as part of the row.
const withoutSortKey = ({ sort_at: _sortAt, ...row }: ListedRow): GrievanceRow => row;

export class GrievanceRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Runs inside the caller's transaction so the caller decides what else must succeed with it. */
  async insert(tx: Queryable, grievance: NewGrievance, images: StoredImage[], status: Status): Promise<GrievanceRow> {
    const { rows } = await tx.query<GrievanceRow>(
      `INSERT INTO grievances (title, description, location, category, priority, status, user_email, user_phone, images)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
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
      ],
    );
    const row = rows[0];
    if (!row) throw new Error("INSERT ... RETURNING returned no row");
    return row;
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
   * One page, newest first, with the count of matching rows (capped, DESIGN.md D12) and of all rows (D9), and where
   * the pages beside it start. By page number the rows before it are skipped (OFFSET); from a cursor they are not.
   */
  async list(filters: GrievanceListFilters, request: PageRequest): Promise<GrievancePage> {
    const [window, counts] = await Promise.all([
      request.cursor ? this.pageFrom(filters, request.cursor, request.pageSize) : this.pageAt(filters, request),
      this.count(filters),
    ]);
    return { ...window, ...counts };
  }

  /** Page `page` by offset; one row more than the page tells whether another follows. */
  private async pageAt(filters: GrievanceListFilters, { page, pageSize }: PageRequest): Promise<PageWindow> {
    const params: unknown[] = [];
    const where = whereClauseOf(filters, params);
    params.push(pageSize + 1, (page - 1) * pageSize);
    const { rows } = await this.db.query<ListedRow>(
      `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at FROM grievances WHERE ${PUBLIC_ONLY} AND ${where}
       ${NEWEST_FIRST} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const shown = rows.slice(0, pageSize);
    return {
      rows: shown.map(withoutSortKey),
      older: rows.length > pageSize ? keyOf(shown.at(-1)) : null,
      // Past page 1, the skipped rows are newer ones.
      newer: page > 1 ? keyOf(shown[0]) : null,
    };
  }

  /**
   * The page beside a cursor: (created_at, id) compared as a row uses the (…, created_at DESC, id DESC) indexes, so
   * page 500 costs what page 1 costs. Backwards, the rows are read oldest first from the cursor and turned round.
   * One row more than the page tells whether the list goes on that way; whether it goes on the other way (from the
   * cursor's own place) is asked separately, since the cursor's row may have gone or been hidden since.
   */
  private async pageFrom(filters: GrievanceListFilters, cursor: ListCursor, pageSize: number): Promise<PageWindow> {
    const params: unknown[] = [];
    const where = whereClauseOf(filters, params);
    params.push(cursor.at, cursor.id);
    const place = `($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
    const forward = cursor.direction === "after";
    const [ahead, behind] = forward ? ["<", ">="] : [">", "<="];
    const [pageResult, behindResult] = await Promise.all([
      this.db.query<ListedRow>(
        `SELECT ${COLUMNS}, ${SORT_AT_SQL} AS sort_at FROM grievances
         WHERE ${PUBLIC_ONLY} AND ${where} AND (created_at, id) ${ahead} ${place}
         ${forward ? NEWEST_FIRST : "ORDER BY created_at, id"} LIMIT $${params.length + 1}`,
        [...params, pageSize + 1],
      ),
      this.db.query<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM grievances WHERE ${PUBLIC_ONLY} AND ${where} AND (created_at, id) ${behind} ${place}) AS found`,
        params,
      ),
    ]);
    const fetched = pageResult.rows;
    const more = fetched.length > pageSize;
    const shown = fetched.slice(0, pageSize);
    if (!forward) shown.reverse();
    const behindExists = behindResult.rows[0]?.found === true;
    const first = keyOf(shown[0]);
    const last = keyOf(shown.at(-1));
    return {
      rows: shown.map(withoutSortKey),
      older: (forward ? more : behindExists) ? last : null,
      newer: (forward ? behindExists : more) ? first : null,
    };
  }

  /**
   * Counts come from grievance_tallies (migrations/004), kept by triggers, so a list request never counts rows,
   * except for the matches of a search term, which only the rows can tell: those are counted up to a cap.
   */
  private async count(filters: GrievanceListFilters): Promise<MatchingCount & { total: number }> {
    const { q, ...fields } = filters;
    const tallyParams: unknown[] = [];
    const tallyWhere = whereClauseOf(fields, tallyParams);
    const searchParams: unknown[] = [];
    const searchWhere = whereClauseOf(filters, searchParams);
    const [tallies, searched] = await Promise.all([
      this.db.query<{ matching: number; total: number }>(
        `SELECT coalesce(sum(n) FILTER (WHERE ${tallyWhere}), 0)::int AS matching, coalesce(sum(n), 0)::int AS total
         FROM grievance_tallies`,
        tallyParams,
      ),
      q ? countCapped(this.db, `grievances WHERE ${PUBLIC_ONLY} AND ${searchWhere}`, searchParams) : undefined,
    ]);
    const { matching, total } = tallies.rows[0] ?? { matching: 0, total: 0 };
    return { ...(searched ?? { matching, matchingCapped: false }), total };
  }

  /** Whether a hidden report holds this image (or thumbnail, or medium) key; uses grievances_hidden_images_idx. */
  async isImageOfHiddenReport(key: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM grievances
       WHERE hidden_at IS NOT NULL AND (images @> $1::jsonb OR images @> $2::jsonb OR images @> $3::jsonb) LIMIT 1`,
      [JSON.stringify([{ key }]), JSON.stringify([{ thumbnailKey: key }]), JSON.stringify([{ mediumKey: key }])],
    );
    return rows.length > 0;
  }

  async ping(): Promise<void> {
    await this.db.query("SELECT 1");
  }
}

import type { Category, Priority, Status } from "../../shared/domain.ts";
import type { GrievanceListFilters, NewGrievance } from "../../shared/grievance-schema.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ImageKeys } from "../storage/object-key.ts";
import { allOf, filterConditions, UUID_PATTERN } from "./grievance-sql.ts";

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
  images: ImageKeys[];
  created_at: Date;
}

export interface GrievancePage {
  rows: GrievanceRow[];
  matching: number;
  total: number;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

// Reports hidden by staff (migrations/003_grievance_events.sql) never appear in a public answer or count.
const PUBLIC_ONLY = "hidden_at IS NULL";

const COLUMNS = "id, title, description, location, category, priority, status, user_email, user_phone, images, created_at";

const whereClauseOf = (filters: GrievanceListFilters, params: unknown[]) => allOf(filterConditions(filters, params));

export class GrievanceRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Runs inside the caller's transaction so the caller decides what else must succeed with it. */
  async insert(tx: Queryable, grievance: NewGrievance, images: ImageKeys[], status: Status): Promise<GrievanceRow> {
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

  /** One page, newest first, with the count of matching rows and of all rows (DESIGN.md D9). */
  async list(filters: GrievanceListFilters, { page, pageSize }: PageRequest): Promise<GrievancePage> {
    const pageParams: unknown[] = [];
    const pageWhere = whereClauseOf(filters, pageParams);
    pageParams.push(pageSize, (page - 1) * pageSize);
    const [pageResult, counts] = await Promise.all([
      this.db.query<GrievanceRow>(
        `SELECT ${COLUMNS} FROM grievances WHERE ${PUBLIC_ONLY} AND ${pageWhere}
         ORDER BY created_at DESC, id DESC
         LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}`,
        pageParams,
      ),
      this.count(filters),
    ]);
    return { rows: pageResult.rows, ...counts };
  }

  /**
   * Counts come from grievance_tallies (migrations/004), kept by triggers, so a list request never counts rows,
   * except for the matches of a search term, which only the rows can tell (through the trigram index).
   */
  private async count(filters: GrievanceListFilters): Promise<{ matching: number; total: number }> {
    const { q, ...fields } = filters;
    const tallyParams: unknown[] = [];
    const tallyWhere = whereClauseOf(fields, tallyParams);
    const [tallies, searched] = await Promise.all([
      this.db.query<{ matching: number; total: number }>(
        `SELECT coalesce(sum(n) FILTER (WHERE ${tallyWhere}), 0)::int AS matching, coalesce(sum(n), 0)::int AS total
         FROM grievance_tallies`,
        tallyParams,
      ),
      q ? this.countRows(filters) : undefined,
    ]);
    const { matching, total } = tallies.rows[0] ?? { matching: 0, total: 0 };
    return { matching: searched ?? matching, total };
  }

  private async countRows(filters: GrievanceListFilters): Promise<number> {
    const params: unknown[] = [];
    const where = whereClauseOf(filters, params);
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM grievances WHERE ${PUBLIC_ONLY} AND ${where}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Whether a hidden report holds this image (or thumbnail) key; uses grievances_hidden_images_idx. */
  async isImageOfHiddenReport(key: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM grievances
       WHERE hidden_at IS NOT NULL AND (images @> $1::jsonb OR images @> $2::jsonb) LIMIT 1`,
      [JSON.stringify([{ key }]), JSON.stringify([{ thumbnailKey: key }])],
    );
    return rows.length > 0;
  }

  async ping(): Promise<void> {
    await this.db.query("SELECT 1");
  }
}

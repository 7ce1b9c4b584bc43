import type { Status } from "#shared/domain.ts";
import type { GrievanceListFilters, NewGrievance } from "#shared/grievances/grievance-schema.ts";
import { DEFAULT_LOCALE } from "#shared/i18n/locales.ts";
import type { Database, Queryable } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { CAPPED, countCapped, MATCHING_CAP, SURELY_ABOVE_CAP } from "./capped-count-repository.ts";
import { COLUMNS } from "./grievance-filter-repository.ts";
import {
  fewMatches,
  PUBLIC_ONLY,
  walk,
  whereClauseOf,
  type GrievancePage,
  type PageRequest,
  type PageWindow,
} from "./grievance-page-repository.ts";
import type { GrievanceRow, NewTracking, StoredImage } from "./grievance-row.ts";
import { pageSince } from "./search-window-repository.ts";
import { WordStatistics } from "./word-statistics-repository.ts";

/** Rows a walk to the page may pass before the page is rather read from a stretch of the list (above). */
const LONG_WALK = 2_000;
/** How many times the matches the page needs the stretch should hold, by the statistics (whose share is a least one). */
const MARGIN = 1.5;

/**
 * The public reports: a new report, one by id, a page of the list with its counts, and whether an image is a
 * hidden report's. The page reads themselves are grievance-page-repository.ts.
 */
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
          tracking_token_hash, latitude, longitude, locale, channel, water_point_id, sms_updates)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17)
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
        tracking.channel ?? "web",
        tracking.waterPointId ?? null,
        // Consent to updates by SMS (docs/product-decisions.md D18): ticked on the form, or the report came by SMS.
        grievance.sms_updates ?? tracking.channel === "sms",
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
   * One page, newest first, with the count of matching rows (capped, docs/product-decisions.md D12) and of all rows
   * (D9), and where the pages beside it start. By page number the rows before it are skipped (OFFSET); from a cursor
   * they are not.
   */
  async list(filters: GrievanceListFilters, request: PageRequest): Promise<GrievancePage> {
    const { q, bbox, ...fields } = filters;
    const talliesRead = this.tallies(fields);
    // The tallies count by category, priority and status; a word or an area needs the rows themselves.
    if (!q && !bbox) {
      const [window, tallies] = await Promise.all([walk(this.db, filters, request), talliesRead]);
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
    if (atLeast >= SURELY_ABOVE_CAP)
      return { ...(await this.walkOrStretch(filters, request, atLeast, total)), ...CAPPED, total };
    if (atLeast > MATCHING_CAP) {
      const params: unknown[] = [];
      const [window, counted] = await Promise.all([
        this.walkOrStretch(filters, request, atLeast, total),
        countCapped(this.db, `grievances WHERE ${PUBLIC_ONLY} AND ${whereClauseOf(filters, params)}`, params),
      ]);
      return { ...window, ...counted, total };
    }
    const few = await fewMatches(this.db, filters, request, MATCHING_CAP);
    return { ...(few ?? { ...(await walk(this.db, filters, request)), ...CAPPED }), total };
  }

  /**
   * The page of a word the statistics show in at least `atLeast` reports: walked when the walk is short (a page's
   * worth of rows divided by the word's share: 70 rows for a word in 30 % of reports), otherwise read from the
   * newest stretch of the list that holds MARGIN times the matches the page needs, by the statistics' dates
   * (search-window-repository.ts, docs/decisions/044-a-word-read-from-a-recent-stretch.md); walked after all when
   * the stretch holds too few.
   */
  private async walkOrStretch(
    filters: GrievanceListFilters,
    request: PageRequest,
    atLeast: number,
    total: number,
  ): Promise<PageWindow> {
    const { cursor, page, pageSize } = request;
    const needed = (cursor ? 1 : page) * pageSize + 1;
    if (cursor?.direction !== "before" && (needed * total) / atLeast > LONG_WALK) {
      const since = await this.words.dateBefore((MARGIN * needed) / atLeast, cursor?.at);
      const found = since === undefined ? undefined : await pageSince(this.db, filters, request, since);
      if (found) return found;
    }
    return walk(this.db, filters, request);
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
    const few = await fewMatches(tx, filters, request);
    if (few) return few;
    const params: unknown[] = [];
    const counted = await countCapped(
      tx,
      `grievances WHERE ${PUBLIC_ONLY} AND ${whereClauseOf(filters, params)}`,
      params,
    );
    await tx.query("SET LOCAL enable_sort = off");
    return { ...(await walk(tx, filters, request)), ...counted };
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
   * (through reporter_updates_images_idx; docs/decisions/015-reporter-actions.md), or an internal note, always
   * (through internal_notes_images_idx; docs/decisions/032-internal-notes-stay-inside.md), or a hidden report's
   * photos after the repair (through grievances_after_images_idx; docs/decisions/031-technician-links.md).
   */
  async isImageOfHiddenReport(key: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM grievances
       WHERE hidden_at IS NOT NULL AND (images @> $1::jsonb OR images @> $2::jsonb OR images @> $3::jsonb)
       UNION ALL
       SELECT 1 FROM grievances
       WHERE hidden_at IS NOT NULL AND after_images <> '[]'::jsonb
         AND (after_images @> $1::jsonb OR after_images @> $2::jsonb OR after_images @> $3::jsonb)
       UNION ALL
       SELECT 1 FROM reporter_updates u
       WHERE (u.images @> $1::jsonb OR u.images @> $2::jsonb OR u.images @> $3::jsonb)
         AND (u.hidden_at IS NOT NULL
              OR EXISTS (SELECT 1 FROM grievances g WHERE g.id = u.grievance_id AND g.hidden_at IS NOT NULL))
       UNION ALL
       SELECT 1 FROM internal_notes n WHERE n.images @> $1::jsonb OR n.images @> $2::jsonb OR n.images @> $3::jsonb
       LIMIT 1`,
      [JSON.stringify([{ key }]), JSON.stringify([{ thumbnailKey: key }]), JSON.stringify([{ mediumKey: key }])],
    );
    return rows.length > 0;
  }

  async ping(): Promise<void> {
    await this.db.query("SELECT 1");
  }
}

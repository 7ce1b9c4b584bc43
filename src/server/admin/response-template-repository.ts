import type { ResponseTemplate } from "#shared/admin/response-template-schemas.ts";
import type { Status } from "#shared/domain.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Queryable } from "../db/database.ts";

/** Response templates (migrations/032; docs/decisions/033-duplicates-calls-and-templates.md). */

const COLUMNS = `id::text, title, status, locale AS language, body AS text, active,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/**
 * Active templates for a status (or every status), those in `language` first, then by language and title. Few
 * rows: an administrator writes a handful per status and language.
 */
export async function listOffered(
  db: Queryable,
  filter: { status?: Status | undefined; language?: Locale | undefined },
): Promise<ResponseTemplate[]> {
  const { rows } = await db.query<ResponseTemplate>(
    `SELECT ${COLUMNS} FROM response_templates
     WHERE active AND ($1::text IS NULL OR status = $1)
     ORDER BY (locale = $2) DESC, locale, lower(title), id`,
    [filter.status ?? null, filter.language ?? null],
  );
  return rows;
}

/** The language a report was made in (its reporter's), or undefined for no such report. */
export async function reporterLanguage(db: Queryable, grievanceId: string): Promise<Locale | undefined> {
  const { rows } = await db.query<{ locale: Locale }>("SELECT locale FROM grievances WHERE id = $1", [grievanceId]);
  return rows[0]?.locale;
}

/** Every template for administrators, retired ones last. */
export async function listAll(db: Queryable): Promise<ResponseTemplate[]> {
  const { rows } = await db.query<ResponseTemplate>(
    `SELECT ${COLUMNS} FROM response_templates ORDER BY active DESC, status, locale, lower(title), id`,
  );
  return rows;
}

export async function lockTemplate(tx: Queryable, id: string): Promise<ResponseTemplate | undefined> {
  const { rows } = await tx.query<ResponseTemplate>(
    `SELECT ${COLUMNS} FROM response_templates WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export interface TemplateFields {
  title: string;
  status: Status;
  language: Locale;
  text: string;
  active: boolean;
}

export async function insertTemplate(
  tx: Queryable,
  fields: TemplateFields,
  staffId: string,
): Promise<ResponseTemplate> {
  const { rows } = await tx.query<ResponseTemplate>(
    `INSERT INTO response_templates (title, status, locale, body, active, created_by) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${COLUMNS}`,
    [fields.title, fields.status, fields.language, fields.text, fields.active, staffId],
  );
  return rows[0]!;
}

export async function updateTemplate(tx: Queryable, id: string, fields: TemplateFields): Promise<ResponseTemplate> {
  const { rows } = await tx.query<ResponseTemplate>(
    `UPDATE response_templates SET title = $2, status = $3, locale = $4, body = $5, active = $6, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, fields.title, fields.status, fields.language, fields.text, fields.active],
  );
  return rows[0]!;
}

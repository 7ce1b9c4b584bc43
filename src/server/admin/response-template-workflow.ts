import {
  TEMPLATE_MESSAGES,
  type ResponseTemplate,
  type ResponseTemplateChange,
} from "#shared/admin/response-template-schemas.ts";
import type { Status } from "#shared/domain.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Database } from "../db/database.ts";
import { UUID_PATTERN } from "#shared/ids.ts";
import { HttpError } from "../http/http-error.ts";
import { recordAudit, type AuditActor } from "./audit-log-repository.ts";
import { insertTemplate, lockTemplate, updateTemplate, type TemplateFields } from "./response-template-repository.ts";

/**
 * The administrators' changes to response templates (docs/decisions/033-duplicates-calls-and-templates.md), each
 * audited in its own transaction. Retiring is a change (`active: false`): the template stays listed for them.
 */

type StaffActor = Exclude<AuditActor, "command line">;

/** The database's unique index on an offered template's status, language and title, in an administrator's words. */
function refusal(error: unknown): unknown {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === "23505" && (constraint ?? "").includes("response_templates_title"))
    return new HttpError(409, TEMPLATE_MESSAGES.duplicateTitle);
  return error;
}

export async function createTemplate(
  db: Database,
  actor: StaffActor,
  input: { title: string; status: Status; language: Locale; text: string },
): Promise<ResponseTemplate> {
  try {
    return await db.transaction(async (tx) => {
      const created = await insertTemplate(tx, { ...input, active: true }, actor.id);
      await recordAudit(tx, actor, {
        action: "response_template.create",
        target: created.title,
        details: { status: created.status, language: created.language },
      });
      return created;
    });
  } catch (error) {
    throw refusal(error);
  }
}

export async function changeTemplate(
  db: Database,
  actor: StaffActor,
  id: string,
  change: ResponseTemplateChange,
): Promise<ResponseTemplate> {
  if (!UUID_PATTERN.test(id)) throw new HttpError(404, TEMPLATE_MESSAGES.notFound);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockTemplate(tx, id);
      if (!before) throw new HttpError(404, TEMPLATE_MESSAGES.notFound);
      const fields: TemplateFields = {
        title: change.title ?? before.title,
        status: change.status ?? before.status,
        language: change.language ?? before.language,
        text: change.text ?? before.text,
        active: change.active ?? before.active,
      };
      const after = await updateTemplate(tx, id, fields);
      const changed = (Object.keys(fields) as (keyof TemplateFields)[]).filter((key) => before[key] !== after[key]);
      const action =
        before.active && !after.active
          ? "response_template.retire"
          : !before.active && after.active
            ? "response_template.restore"
            : "response_template.change";
      await recordAudit(tx, actor, { action, target: after.title, details: { changed } });
      return after;
    });
  } catch (error) {
    throw refusal(error);
  }
}

import { pathTo } from "#shared/api-paths.ts";
import type {
  NewResponseTemplateInput,
  ResponseTemplate,
  ResponseTemplateChange,
} from "#shared/admin/response-template-schemas.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The administrators' requests about response templates (docs/decisions/033-duplicates-calls-and-templates.md). */

const json = (method: "POST" | "PATCH", body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

export const getAllTemplates = (signal?: AbortSignal) =>
  apiFetch<{ templates: ResponseTemplate[] }>(staffApiPaths.adminResponseTemplates, { signal });

export const createTemplate = (input: NewResponseTemplateInput) =>
  apiFetch<ResponseTemplate>(staffApiPaths.adminResponseTemplates, json("POST", input));

export const changeTemplate = (id: string, change: ResponseTemplateChange) =>
  apiFetch<ResponseTemplate>(pathTo(staffApiPaths.adminResponseTemplate, { id }), json("PATCH", change));

import { pathTo } from "#shared/api-paths.ts";
import type { AccountView, ApiKeyView, AuditEntryView, PasswordLink } from "#shared/admin/admin-schemas.ts";
import type { CategoryIcon } from "#shared/categories/category-icons.ts";
import type {
  AdminCategoryList,
  AdminCategoryView,
  CategoryTranslations,
} from "#shared/categories/category-schemas.ts";
import type { SmsKeywords } from "#shared/categories/sms-keywords.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { searchOf } from "#web/lib/query-string.ts";

/** The administration's requests (admins only): JSON, from the portal's own origin like every console change. */
function sendJson<T>(path: string, method: "POST" | "PATCH", body: unknown): Promise<T> {
  return apiFetch<T>(path, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
}

export const getAdminCategories = (signal?: AbortSignal) =>
  apiFetch<AdminCategoryList>(staffApiPaths.adminCategories, { signal });

/** What the category form sends besides the English texts: its icon, the other languages' texts, its SMS keywords. */
interface CategoryExtras {
  icon?: CategoryIcon;
  translations?: CategoryTranslations;
  sms_keywords?: SmsKeywords;
}

export const createCategory = (
  input: { name: string; service_code: string; description: string; group: string } & CategoryExtras,
) => sendJson<AdminCategoryView>(staffApiPaths.adminCategories, "POST", input);

export const updateCategory = (
  serviceCode: string,
  change: { name?: string; description?: string; group?: string | null; active?: boolean } & CategoryExtras,
) => sendJson<AdminCategoryView>(pathTo(staffApiPaths.adminCategory, { serviceCode }), "PATCH", change);

export const reorderCategories = (serviceCodes: string[]) =>
  sendJson<AdminCategoryList>(staffApiPaths.adminCategoryOrder, "POST", { service_codes: serviceCodes });

export const getAccounts = (signal?: AbortSignal) =>
  apiFetch<{ accounts: AccountView[] }>(staffApiPaths.adminAccounts, { signal });
export const createAccount = (email: string, role: string) =>
  sendJson<PasswordLink>(staffApiPaths.adminAccounts, "POST", { email, role });
export const changeAccount = (id: string, change: { role?: string; disabled?: boolean }) =>
  sendJson<AccountView>(pathTo(staffApiPaths.adminAccount, { id }), "PATCH", change);
export const newPasswordLink = (id: string) =>
  sendJson<PasswordLink>(pathTo(staffApiPaths.adminAccountLink, { id }), "POST", {});

export const getApiKeys = (signal?: AbortSignal) =>
  apiFetch<{ keys: ApiKeyView[] }>(staffApiPaths.adminApiKeys, { signal });
export const createApiKey = (name: string) =>
  sendJson<{ apiKey: ApiKeyView; key: string }>(staffApiPaths.adminApiKeys, "POST", { name });
export const revokeApiKey = (id: string) =>
  sendJson<ApiKeyView>(pathTo(staffApiPaths.adminApiKeyRevoke, { id }), "POST", {});

export const getAuditLog = (before: string | null, signal?: AbortSignal) =>
  apiFetch<{ entries: AuditEntryView[]; nextBefore: string | null }>(
    `${staffApiPaths.adminAuditLog}${searchOf({ before })}`,
    { signal },
  );

export const getPasswordLink = (token: string, signal?: AbortSignal) =>
  apiFetch<{ email: string; expiresAt: string }>(pathTo(staffApiPaths.passwordLink, { token }), { signal });
export const setPassword = (token: string, password: string) =>
  sendJson<{ email: string }>(pathTo(staffApiPaths.passwordLink, { token }), "POST", { password });

import type { PrivacyNotice } from "#shared/api-schemas/privacy.ts";
import { PRIVACY_API_PATH } from "#shared/privacy/privacy-notice.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The settings the notice is written from (GET /api/privacy). */
export const fetchPrivacyNotice = (): Promise<PrivacyNotice> => apiFetch<PrivacyNotice>(PRIVACY_API_PATH);

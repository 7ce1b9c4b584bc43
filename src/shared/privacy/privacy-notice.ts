/** The privacy notice's settings (GET, privacyNoticeSchema in api-schemas/privacy.ts) and its page. */
export const PRIVACY_API_PATH = "/api/privacy";
export const PRIVACY_PAGE_PATH = "/privacy";

// The console's administration in one chunk of its own: only administrators open it, and seldom.
import "../../styles/content.css";

export { AdminLayout, adminIndexLoader, adminLayoutLoader } from "../../features/admin/routes/admin-layout.tsx";
export { CategoriesRoute, categoriesAction, categoriesLoader } from "../../features/admin/routes/categories-route.tsx";
export { AccountsRoute, accountsAction, accountsLoader } from "../../features/admin/routes/accounts-route.tsx";
export { ApiKeysRoute, apiKeysAction, apiKeysLoader } from "../../features/admin/routes/api-keys-route.tsx";
export { AuditRoute, auditLoader } from "../../features/admin/routes/audit-route.tsx";
export { SetPasswordRoute, setPasswordAction, setPasswordLoader } from "../../features/admin/routes/set-password-route.tsx";

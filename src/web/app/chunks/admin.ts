// The console's administration in one chunk of its own: only administrators open it, and seldom.
import "#web/styles/content.css";

export { AdminLayout, adminIndexLoader, adminLayoutLoader } from "#web/features/admin/routes/admin-layout.tsx";
export { CategoriesRoute, categoriesAction, categoriesLoader } from "#web/features/admin/routes/categories-route.tsx";
export { AccountsRoute, accountsAction, accountsLoader } from "#web/features/admin/routes/accounts-route.tsx";
export { ApiKeysRoute, apiKeysAction, apiKeysLoader } from "#web/features/admin/routes/api-keys-route.tsx";
export { AuditRoute, auditLoader } from "#web/features/admin/routes/audit-route.tsx";
export { PersonalDataRoute, personalDataLoader } from "#web/features/admin/routes/personal-data-route.tsx";
export {
  WaterPointsRoute,
  waterPointsAction,
  waterPointsLoader,
} from "#web/features/admin/routes/water-points-route.tsx";
export { TeamsRoute, teamsAction, teamsLoader } from "#web/features/admin/routes/teams-route.tsx";
export {
  RoutingRulesRoute,
  routingRulesAction,
  routingRulesLoader,
} from "#web/features/admin/routes/routing-rules-route.tsx";
export {
  ResponseTemplatesRoute,
  responseTemplatesAction,
  responseTemplatesLoader,
} from "#web/features/admin/routes/response-templates-route.tsx";
export {
  ServiceTargetsRoute,
  serviceTargetsAction,
  serviceTargetsLoader,
} from "#web/features/admin/routes/service-targets-route.tsx";
export {
  SetPasswordRoute,
  setPasswordAction,
  setPasswordLoader,
} from "#web/features/admin/routes/set-password-route.tsx";

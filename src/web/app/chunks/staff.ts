// Every staff page in one module, so that the console (sign-in included) is one chunk that the public pages
// never load: staff visit seldom, the public often.

import "#web/styles/content.css";

export { ConsoleRoute, consoleLoader } from "#web/features/staff/routes/console-route.tsx";
export { SignInRoute, signInAction, signInLoader } from "#web/features/staff/routes/sign-in-route.tsx";
export {
  StaffGrievanceRoute,
  staffGrievanceAction,
  staffGrievanceLoader,
} from "#web/features/staff/routes/staff-grievance-route.tsx";
export {
  StaffLayout,
  signOutAction,
  signOutLoader,
  staffLayoutLoader,
  staffLayoutShouldRevalidate,
} from "#web/features/staff/routes/staff-layout.tsx";
export { ConsoleFrame } from "#web/features/staff/components/console-frame.tsx";
export { TakeReportRoute, takeReportAction } from "#web/features/staff/routes/take-report-route.tsx";
export { TeamWorkRoute, teamWorkLoader } from "#web/features/staff/routes/team-work-route.tsx";

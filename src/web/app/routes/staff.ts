// Every staff page in one module, so that the console (sign-in included) is one chunk that the public pages
// never load: staff visit seldom, the public often.

import "../../styles/content.css";

export { ConsoleRoute, consoleLoader } from "../../features/staff/routes/console-route.tsx";
export { SignInRoute, signInAction, signInLoader } from "../../features/staff/routes/sign-in-route.tsx";
export {
  StaffGrievanceRoute,
  staffGrievanceAction,
  staffGrievanceLoader,
} from "../../features/staff/routes/staff-grievance-route.tsx";
export {
  StaffLayout,
  signOutAction,
  signOutLoader,
  staffLayoutLoader,
  staffLayoutShouldRevalidate,
} from "../../features/staff/routes/staff-layout.tsx";
export { ConsoleFrame } from "../../features/staff/components/console-frame.tsx";

// The console's water incidents (issue 13) in one chunk of their own: staff open them during an incident, not on
// every visit to the queue. The declare form's map (Leaflet) is a further chunk, fetched when the form opens.
import "../../styles/content.css";
import "../../features/staff/incidents/incidents.css";

export { IncidentsRoute, incidentsLoader } from "../../features/staff/incidents/incidents-list-route.tsx";
export { IncidentDeclareRoute, declareIncidentAction } from "../../features/staff/incidents/incident-declare-route.tsx";
export {
  IncidentRoute,
  incidentAction,
  incidentLoader,
  incidentShouldRevalidate,
} from "../../features/staff/incidents/incident-route.tsx";

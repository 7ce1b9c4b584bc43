// The console's water incidents in one chunk of their own: staff open them during an incident, not on
// every visit to the queue. The declare form's map (Leaflet) is a further chunk, fetched when the form opens.
import "#web/styles/content.css";
import "#web/features/staff/components/incidents.css";

export { IncidentsRoute, incidentsLoader } from "#web/features/staff/routes/incidents-list-route.tsx";
export { IncidentDeclareRoute, declareIncidentAction } from "#web/features/staff/routes/incident-declare-route.tsx";
export {
  IncidentRoute,
  incidentAction,
  incidentLoader,
  incidentShouldRevalidate,
} from "#web/features/staff/routes/incident-route.tsx";

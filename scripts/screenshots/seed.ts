import { photo } from "./photos.ts";

/**
 * The content the screenshots show, written through the portal's own API as residents and staff write it: a dozen
 * reports in six categories (most with photos, a few with a pin), one taken in hand with a public note, one resolved,
 * a water incident declared by staff with two reports linked and a public update, a second staff account (its
 * one-time set-password link) and an API key. Always in the same order with the same texts and photos, so that two
 * runs differ only in references, tokens and times.
 */

export interface StaffLogin {
  email: string;
  password: string;
}

/** What the screens need to find: the addresses of seeded things. */
export interface Seeded {
  /** The report with photos, a pin and a status change. */
  reportId: string;
  /** Its private tracking page (path only). */
  trackingPath: string;
  /** Entries for "My reports", as the form leaves them in the browser's storage. */
  remembered: RememberedReport[];
  incidentId: string;
  /** The second account's one-time link (path only). */
  setPasswordPath: string;
  /** A technician's one-time link to the first report (path only; docs/decisions/031-technician-links.md). */
  fieldPath: string;
}

export interface RememberedReport {
  reference: string;
  title: string;
  token: string;
  trackingUrl: string;
  submittedAt: string;
}

interface Draft {
  title: string;
  description: string;
  category: string;
  priority: "low" | "medium" | "high" | "urgent";
  location: string;
  pin?: [latitude: number, longitude: number];
  photos: number;
}

/** Where the seeded portal's maps open (MAP_DEFAULT_CENTER) and its pins are: Nairobi. */
export const MAP_CENTER = "-1.2921,36.8219,13";

const REPORTS: Draft[] = [
  {
    title: "Burst main flooding Moi Avenue",
    description:
      "Clean water has been gushing from a crack in the road outside the bus stop since 6 am. The pavement is " +
      "flooded and shops along the street have low pressure.",
    category: "Leakage Issues",
    priority: "urgent",
    location: "Moi Avenue, opposite the Kencom bus stop",
    pin: [-1.2849, 36.8253],
    photos: 3,
  },
  {
    title: "Brown water from the kitchen tap",
    description: "Our water has been brown and smells of metal for three days. We are buying bottled water.",
    category: "Water Quality Issues",
    priority: "high",
    location: "Ngara Road, block 4",
    pin: [-1.2762, 36.8236],
    photos: 1,
  },
  {
    title: "Blocked storm drain by the market",
    description: "The drain is full of plastic and overflows into the stalls every time it rains.",
    category: "Drainage Problems",
    priority: "medium",
    location: "Gikomba market, east gate",
    photos: 2,
  },
  {
    title: "No water supply since Monday",
    description: "The taps in the whole estate have been dry since Monday morning. The water tanker has not come.",
    category: "Water Supply Problems",
    priority: "urgent",
    location: "Buruburu phase 2",
    pin: [-1.2873, 36.8772],
    photos: 0,
  },
  {
    title: "Sewage overflowing near the primary school",
    description: "A manhole is overflowing onto the path the children take to school. The smell is very strong.",
    category: "Sanitation Issues",
    priority: "high",
    location: "Jogoo Road primary school",
    photos: 1,
  },
  {
    title: "Broken hand pump at the clinic",
    description: "The handle of the hand pump snapped off. Patients and staff have no water for washing.",
    category: "Infrastructure Problems",
    priority: "medium",
    location: "Kibera health centre",
    photos: 2,
  },
  {
    title: "Low pressure on the upper floors",
    description: "Since the new building opened next door, floors 5 to 8 only get water at night.",
    category: "Water Supply Problems",
    priority: "low",
    location: "Kilimani, Argwings Kodhek Road",
    photos: 0,
  },
  {
    title: "Leaking valve chamber",
    description: "Water bubbles up through the cover of the valve chamber at the junction, day and night.",
    category: "Leakage Issues",
    priority: "medium",
    location: "Junction of Ngong Road and Kenyatta Avenue",
    photos: 1,
  },
  {
    title: "Public toilet block closed for a week",
    description: "The toilet block at the stage has been locked for a week; people use the alley behind it.",
    category: "Sanitation Issues",
    priority: "high",
    location: "Githurai 45 matatu stage",
    photos: 0,
  },
  {
    title: "Cloudy water after the repairs",
    description: "After the pipe repairs on Tuesday the water comes out white and cloudy. Is it safe to drink?",
    category: "Water Quality Issues",
    priority: "medium",
    location: "South B, Mukuru Road",
    photos: 1,
  },
  {
    title: "Missing manhole cover",
    description: "The cover of a manhole on the footpath is missing. Someone has put a branch in it as a warning.",
    category: "Infrastructure Problems",
    priority: "urgent",
    location: "Eastleigh, First Avenue",
    photos: 2,
  },
  {
    title: "Standing water breeding mosquitoes",
    description: "A large pool of water has stood in the open ground behind the flats for two weeks.",
    category: "Drainage Problems",
    priority: "low",
    location: "Umoja Innercore",
    photos: 1,
  },
];

export async function seed(base: string, staff: StaffLogin): Promise<Seeded> {
  const submitted: { id: string; reference: string; trackingUrl: string; created_at: string; title: string }[] = [];
  let photoSeed = 0;
  for (const draft of REPORTS) {
    const form = new FormData();
    form.set("title", draft.title);
    form.set("description", draft.description);
    form.set("category", draft.category);
    form.set("priority", draft.priority);
    form.set("location", draft.location);
    if (draft.pin) {
      form.set("latitude", String(draft.pin[0]));
      form.set("longitude", String(draft.pin[1]));
    }
    for (let p = 0; p < draft.photos; p++) {
      const jpeg = new Uint8Array(await photo(photoSeed++));
      form.append("images", new Blob([jpeg], { type: "image/jpeg" }), `photo-${p + 1}.jpg`);
    }
    submitted.push(await json(await fetch(`${base}/api/grievances`, { method: "POST", body: form }), 201));
  }
  const [main, resolved, , dry, , , lowPressure] = submitted as [(typeof submitted)[number], ...typeof submitted];

  const cookie = await signIn(base, staff);
  const asStaff = (path: string, body: unknown, expected = 200) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(body),
    }).then((response) => json(response, expected));

  await asStaff(`/api/staff/grievances/${main.id}/status`, {
    status: "in-progress",
    note: "A crew is on the way and the valve upstream has been closed. Expect low pressure until 4 pm.",
  });
  await asStaff(`/api/staff/grievances/${resolved!.id}/status`, {
    status: "resolved",
    note: "The service pipe was flushed and the water tested clean on Thursday.",
  });

  const hour = 60 * 60 * 1000;
  const incident = await asStaff(
    "/api/staff/incidents",
    {
      type: "supply-interruption",
      severity: "moderate",
      title: "No water in Buruburu and Umoja while a trunk main is repaired",
      message: "A trunk main burst on Outer Ring Road. Crews are replacing a section of pipe.",
      instructions: "Tankers are at Buruburu market and Umoja stage from 8 am to 6 pm. Store water for drinking.",
      area: { type: "Circle", center: [36.8772, -1.2873], radiusMetres: 2_500 },
      localities: ["Buruburu", "Umoja"],
      startsAt: new Date(Date.now() - 5 * hour).toISOString(),
      expectedRestorationAt: new Date(Date.now() + 20 * hour).toISOString(),
    },
    201,
  );
  await asStaff(`/api/staff/incidents/${incident.id}/reports`, { grievanceIds: [dry!.id, lowPressure!.id] });
  await asStaff(`/api/staff/incidents/${incident.id}/updates`, {
    message: "The new section of pipe is in place; the main is being refilled slowly.",
  });

  const account = await asStaff(
    "/api/staff/admin/accounts",
    { email: "amina.otieno@utility.example", role: "staff" },
    201,
  );
  await asStaff("/api/staff/admin/api-keys", { name: "City dashboard" }, 201);
  // A few registry points by hand, as an administrator adds them (docs/decisions/036-water-points.md).
  for (const [code, name, source, tech, status, offset] of [
    ["KS-0101", "Kiosk by the market", "Piped Water", "Tap", "Yes", 0.002],
    ["HP-0102", "Hand pump, school yard", "Borehole", "Hand Pump", "No", -0.003],
    ["SP-0103", "Standpipe, Elm Street", "Piped Water", "Standpipe", "Unknown", 0.004],
  ] as const) {
    const point = { code, name, water_source: source, water_tech: tech, status_id: status, adm1: "Nairobi" };
    const at = { latitude: String(-1.2921 + offset), longitude: String(36.8219 - offset) };
    await asStaff("/api/staff/admin/water-points", { ...point, ...at }, 201);
  }
  // Teams and routing rules (docs/decisions/029-teams-routing-and-assignment.md): a crew for the incident's
  // neighbourhood, and the city's sewer department for sanitation anywhere.
  const amina = account.account.id as string;
  const crew = await asStaff(
    "/api/staff/teams",
    { name: "Eastlands crew", email: "eastlands.crew@utility.example", supervisorId: amina },
    201,
  );
  await asStaff(`/api/staff/teams/${crew.id}/members`, { staffAccountId: amina });
  const sewers = { name: "City sewer department", email: "sewers@city.example", kind: "partner" };
  const partner = await asStaff("/api/staff/teams", sewers, 201);
  const east = (d: number) => [
    [36.8772 - d, -1.2873 - d],
    [36.8772 + d, -1.2873 - d],
    [36.8772 + d, -1.2873 + d],
    [36.8772 - d, -1.2873 + d],
    [36.8772 - d, -1.2873 - d],
  ];
  const area = { type: "Polygon", coordinates: [east(0.02)] };
  for (const rule of [
    { teamId: partner.id, serviceCode: "sanitation", area: null },
    { teamId: crew.id, serviceCode: null, area },
    { teamId: crew.id, serviceCode: "leakage", area },
  ])
    await asStaff("/api/staff/routing-rules", rule, 201);
  // Response templates (docs/decisions/033-duplicates-calls-and-templates.md), offered in the status form.
  for (const [title, language, text] of [
    ["Pipe repaired", "en", "Our crew repaired the pipe and flushed the line. Thank you for reporting it."],
    ["تم إصلاح الأنبوب", "ar", "أصلح فريقنا الأنبوب وغسل الخط. شكرًا لإبلاغك."],
  ])
    await asStaff("/api/staff/admin/response-templates", { title, status: "resolved", language, text }, 201);

  // The first report sent to a crew, with a note for them (docs/decisions/031-technician-links.md).
  await asStaff(
    `/api/staff/grievances/${main.id}/internal-notes`,
    { text: "The valve chamber is under the bus stop; the resident is home after 5 pm." },
    201,
  );
  const fieldLink = await asStaff(
    `/api/staff/grievances/${main.id}/technician-links`,
    { email: "crew.east@contractor.example" },
    201,
  );

  return {
    fieldPath: new URL(fieldLink.url).pathname,
    reportId: main.id,
    trackingPath: new URL(main.trackingUrl).pathname,
    remembered: [main, ...submitted.slice(3, 5)].map((report) => ({
      reference: report.reference,
      title: report.title,
      token: new URL(report.trackingUrl).pathname.split("/").pop()!,
      trackingUrl: report.trackingUrl,
      submittedAt: report.created_at,
    })),
    incidentId: incident.id,
    setPasswordPath: new URL(account.link, base).pathname,
  };
}

/** Signs in through the staff API and answers the session cookie to send with later requests. */
export async function signIn(base: string, staff: StaffLogin): Promise<string> {
  const response = await fetch(`${base}/api/staff/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(staff),
  });
  await json(response, 200);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

// The answers' shapes are the API's; only the fields used here are read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(response: Response, expected: number): Promise<any> {
  if (response.status !== expected) {
    throw new Error(`${response.url} answered ${response.status}, not ${expected}: ${await response.text()}`);
  }
  return response.json();
}

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IncidentBanner } from "#web/features/incidents/components/incident-banner.tsx";
import { IncidentMatchPanel } from "#web/features/incidents/components/incident-match.tsx";
import { IncidentSubscribeForm } from "#web/features/incidents/components/incident-subscribe-form.tsx";
import { incidentsAction } from "#web/features/incidents/api/incidents-action.ts";
import type { PublicIncident } from "#web/features/incidents/api/incidents-api.ts";
import { AFFECTED_STORAGE_KEYS } from "#web/lib/browser-id-store.ts";
import { I18nProvider } from "#web/lib/i18n/i18n-context.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

// The public side of water incidents (decision 021): the banner, the report form's "This is probably part of …" and
// the alerts form, against a stubbed API: what each asks for and sends, and what the resident sees.

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let answer: (call: Call) => unknown;

function stubApi() {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? "GET",
        path: input,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const body = answer(call);
      if (body instanceof Response) return body;
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
}

const incident = (n: number, overrides: Partial<PublicIncident> = {}): PublicIncident => ({
  id: `0000000${n}-7d7e-4a52-9f0e-2b2b8c1d0e11`,
  type: "boil-water",
  severity: "severe",
  title: `Burst main ${n}`,
  message: "A main burst on Market Road.",
  instructions: `Boil water before drinking (${n}).`,
  area: { type: "Circle", center: [36.8, -1.28], radiusMetres: 800 },
  localities: ["Riverside"],
  startsAt: "2026-03-01T08:00:00.000Z",
  expectedRestorationAt: null,
  declaredAt: "2026-03-01T08:10:00.000Z",
  updatedAt: "2026-03-01T09:00:00.000Z",
  closedAt: null,
  finalMessage: null,
  affectedCount: 4,
  reportCount: 12,
  translations: {},
  updates: [],
  ...overrides,
});

function renderAt(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

beforeEach(() => {
  activateWebLocale("en");
  localStorage.clear();
  stubApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the active incidents' banner", () => {
  it("names up to three active incidents with what to do and a link to each, and leads to the rest", async () => {
    answer = () => ({
      active: [1, 2, 3, 4].map((n) => incident(n)),
      recent: [incident(9, { closedAt: "2026-02-01T00:00:00.000Z" })],
    });
    renderAt([{ path: "/", Component: IncidentBanner }], "/");
    const banner = await screen.findByRole("region", { name: "4 active incidents" });
    const links = within(banner).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Burst main 1", `/incidents/${incident(1).id}`],
      ["Burst main 2", `/incidents/${incident(2).id}`],
      ["Burst main 3", `/incidents/${incident(3).id}`],
      ["See all incidents", "/incidents"],
    ]);
    expect(within(banner).getByText("Boil water before drinking (1).")).toBeTruthy();
    expect(within(banner).queryByText(/Burst main 9/)).toBeNull();
    // A region that appears after the page, not an alert that interrupts.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /api/incidents"]);
  });

  it("shows nothing when no incident is active, or when the request fails", async () => {
    answer = () => ({ active: [], recent: [] });
    renderAt([{ path: "/", Component: IncidentBanner }], "/");
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole("region")).toBeNull();
    cleanup();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    answer = () => new Response(JSON.stringify({ message: "Down" }), { status: 503 });
    renderAt([{ path: "/", Component: IncidentBanner }], "/");
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.queryByRole("region")).toBeNull();
  });
});

describe('the report form\'s "This is probably part of …"', () => {
  const one = incident(1);
  const routes = (input: { category: string; location: string }): RouteObject[] => [
    { path: "/submit-grievance", element: <IncidentMatchPanel {...input} pin={null} /> },
    { path: "/incidents/:id", action: incidentsAction },
  ];

  it("asks with the typed location, shows the incident's instructions, and counts the resident once on their press", async () => {
    answer = (call) =>
      call.method === "POST"
        ? { affectedCount: 5, alreadyCounted: false }
        : { items: [{ incident: one, reason: "locality" }] };
    renderAt(routes({ category: "", location: "Riverside, near the school" }), "/submit-grievance");
    expect(
      await screen.findByText(
        "This is probably part of Burst main 1: Boil water before drinking (1).",
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy();
    const asked = new URL(calls[0]!.path, "http://portal.test");
    expect(asked.pathname).toBe("/api/incidents/matching");
    expect(asked.searchParams.get("location")).toBe("Riverside, near the school");
    expect(screen.getByText("You can still send a separate report below if your problem is different.")).toBeTruthy();
    expect(screen.getByTestId("incident-affected-count").textContent).toBe("4 people affected");

    fireEvent.click(screen.getByRole("button", { name: "I am affected" }));
    expect(await screen.findByText("Thank you. You are counted as affected by this incident.")).toBeTruthy();
    expect(screen.getByTestId("incident-affected-count").textContent).toBe("5 people affected");
    const press = calls.find((call) => call.method === "POST")!;
    expect(press.path).toBe(`/api/incidents/${one.id}/affected`);
    expect(press.body).toEqual({ browserId: localStorage.getItem(AFFECTED_STORAGE_KEYS.browserId) });
    // The button keeps the focus and refuses a second press.
    expect(screen.getByRole("button", { name: /I am affected/ }).getAttribute("aria-disabled")).toBe("true");
  });

  it("asks nothing while the form holds no category, pin or location, and shows nothing when nothing matches", async () => {
    answer = () => ({ items: [] });
    renderAt(routes({ category: "", location: "ab" }), "/submit-grievance");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls).toEqual([]);
    cleanup();
    renderAt(routes({ category: "Water Quality Issues", location: "" }), "/submit-grievance");
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 2000 });
    expect(new URL(calls[0]!.path, "http://portal.test").searchParams.get("category")).toBe("Water Quality Issues");
    expect(screen.queryByTestId("incident-match")).toBeNull();
  });
});

describe("Get alerts for your area", () => {
  const routes: RouteObject[] = [
    { path: "/incidents", action: incidentsAction, element: <IncidentSubscribeForm action="/incidents" /> },
  ];

  it("sends an address and a locality, and says the server's answer in a live region", async () => {
    answer = () => ({ message: "Check your inbox: we sent you a link to confirm." });
    renderAt(routes, "/incidents");
    fireEvent.change(screen.getByLabelText("Your e-mail"), { target: { value: "resident@example.org" } });
    fireEvent.click(screen.getByLabelText("In a locality"));
    fireEvent.change(screen.getByLabelText("Locality"), { target: { value: "Riverside" } });
    fireEvent.click(screen.getByRole("button", { name: "Get alerts" }));
    const done = await screen.findByText("Check your inbox: we sent you a link to confirm.");
    expect(done.getAttribute("role")).toBe("status");
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/api/incident-subscriptions",
        body: { email: "resident@example.org", locality: "Riverside" },
      },
    ]);
  });

  it("shows the server's refusal at its field", async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          message: "Please check the form.",
          fieldErrors: { locality: "Locality must be at most 200 characters." },
        }),
        { status: 400, headers: { "Content-Type": "application/json" } },
      );
    renderAt(routes, "/incidents");
    fireEvent.change(screen.getByLabelText("Your e-mail"), { target: { value: "resident@example.org" } });
    fireEvent.click(screen.getByLabelText("In a locality"));
    fireEvent.change(screen.getByLabelText("Locality"), { target: { value: "Riverside" } });
    fireEvent.click(screen.getByRole("button", { name: "Get alerts" }));
    expect(await screen.findByText("Locality must be at most 200 characters.")).toBeTruthy();
    const locality = screen.getByLabelText("Locality");
    expect(locality.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Please check the form.");
  });

  it("asks for a place before sending anything when none was chosen, and checks the address", async () => {
    answer = () => ({ message: "unexpected" });
    renderAt(routes, "/incidents");
    fireEvent.change(screen.getByLabelText("Your e-mail"), { target: { value: "not an address" } });
    fireEvent.click(screen.getByRole("button", { name: "Get alerts" }));
    expect(await screen.findByText("Choose a place on the map or use your location.")).toBeTruthy();
    expect(screen.getByLabelText("Your e-mail").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });
});

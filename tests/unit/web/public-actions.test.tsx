// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicGrievance } from "#shared/api-types.ts";
import type { TrackedGrievance } from "#shared/tracking/tracking.ts";
import { grievanceAction } from "#web/app/pages/grievance-action.ts";
import { AffectedButton } from "#web/features/places/components/affected-button.tsx";
import { AFFECTED_STORAGE_KEYS } from "#web/lib/browser-id-store.ts";
import { trackAction } from "#web/features/tracking/api/tracking-actions.ts";
import { TrackRoute } from "#web/features/tracking/routes/track-route.tsx";
import { trackLoader } from "#web/features/tracking/routes/track-route.loader.ts";
import { I18nProvider } from "#web/lib/i18n/i18n-context.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

// The public buttons that act in place go through router actions (docs/project-structure.md, "Conventions in the
// browser"): what each sends, and what the router reads again after it.

type Call = { method: string; path: string; body: BodyInit | null | undefined };
let calls: Call[];
let answer: (call: Call) => unknown;

function stubApi() {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? "GET", path: input, body: init.body };
      calls.push(call);
      const body = answer(call);
      if (body instanceof Response) return body;
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
}

const grievance: PublicGrievance = {
  id: "6f1c2a52-7d7e-4a52-9f0e-2b2b8c1d0e11",
  reference: "WS-4F7K2Q",
  title: "Burst main on Market Road",
  description: "Water gushes from the road.",
  location: null,
  category: "Leakage Issues",
  priority: "medium",
  status: "resolved",
  user_email: "reporter@example.org",
  user_phone: null,
  images: [],
  created_at: "2026-03-01T08:00:00.000Z",
  latitude: null,
  longitude: null,
  affected: 1,
  expectedResolutionAt: null,
};

const tracked = (status: PublicGrievance["status"], confirmedAt: string | null = null): TrackedGrievance => ({
  grievance: { ...grievance, status },
  timeline: [],
  updates: [],
  fixedQuestion: { open: status === "resolved" && !confirmedAt, confirmedAt },
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

describe("the private page's action", () => {
  const token = "t".repeat(32);
  const routes: RouteObject[] = [
    {
      path: "/track/:token",
      loader: trackLoader,
      action: trackAction,
      Component: TrackRoute,
      HydrateFallback: () => null,
    },
  ];

  it('records "Yes", then reads the report again once and thanks the reporter with the focus on the thanks', async () => {
    let confirmed = false;
    answer = (call) => {
      if (call.method === "POST") {
        confirmed = true;
        return tracked("resolved", "2026-03-05T10:00:00.000Z");
      }
      return confirmed ? tracked("resolved", "2026-03-05T10:00:00.000Z") : tracked("resolved");
    };
    renderAt(routes, `/track/${token}`);
    fireEvent.click(await screen.findByRole("button", { name: "Yes" }));
    const thanks = await screen.findByText("Thank you for confirming that it is fixed.");
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(screen.getByText(/Has the problem come back\?/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Yes" })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /api/track/${token}`,
      `POST /api/track/${token}/answer`,
      `GET /api/track/${token}`,
    ]);
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ fixed: true });
  });

  it("refuses an empty note at the note, sending and reading nothing", async () => {
    answer = () => tracked("resolved");
    renderAt(routes, `/track/${token}`);
    fireEvent.click(await screen.findByRole("button", { name: "No, it is still a problem" }));
    fireEvent.click(screen.getByRole("button", { name: "Send: still a problem" }));
    expect(await screen.findByText("Please tell us what is still wrong.")).toBeTruthy();
    const note = screen.getByLabelText(/What is still wrong\?/);
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId("fixed-question-error").textContent).toBe("");
    expect(calls).toHaveLength(1);
  });

  it("sends an update's text and photos once, as multipart", async () => {
    answer = () => ({ id: "u1", text: "It floods the path.", images: [], created_at: "2026-03-05T10:00:00.000Z" });
    const form = new FormData();
    form.append("intent", "update");
    form.append("text", "  It floods the path.  ");
    form.append("images", new File([new Uint8Array([1, 2, 3])], "path.png", { type: "image/png" }), "path.png");
    const request = new Request(`http://localhost/track/${token}`, { method: "POST", body: form });
    const result = await trackAction({
      request,
      params: { token },
      context: {},
      url: new URL(request.url),
      pattern: "/track/:token",
    } as never);
    expect(result).toEqual({
      intent: "update",
      ok: true,
      message: "Thank you. Your update was added to the report's timeline.",
    });
    expect(calls).toHaveLength(1);
    const sent = calls[0]!.body as FormData;
    expect(sent.get("text")).toBe("It floods the path.");
    expect(sent.getAll("images").map((file) => (file as File).name)).toEqual(["path.png"]);
  });

  it("answers a refusal with a 400 status, so that the router reads nothing again", async () => {
    const form = new FormData();
    form.append("intent", "update");
    form.append("text", "   ");
    const request = new Request(`http://localhost/track/${token}`, { method: "POST", body: form });
    const result = await trackAction({
      request,
      params: { token },
      context: {},
      url: new URL(request.url),
      pattern: "/track/:token",
    } as never);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(400);
    expect(await (result as Response).json()).toEqual({
      intent: "update",
      ok: false,
      message: "Please describe what has changed.",
      fieldErrors: { text: "Please describe what has changed." },
    });
    expect(calls).toHaveLength(0);
  });
});

describe('"I have this problem too" on another page than the report\'s', () => {
  it("goes to the report page's action, shows the new count and remembers the press, loading nothing", async () => {
    answer = () => ({ affected: 4, counted: true });
    const detailsLoader = vi.fn(() => null);
    renderAt(
      [
        {
          path: "/submit-grievance",
          element: <AffectedButton grievanceId={grievance.id} affected={3} status="pending" />,
        },
        { path: "/grievance/:id", loader: detailsLoader, action: grievanceAction, element: null },
      ],
      "/submit-grievance",
    );
    const button = screen.getByRole("button", { name: "I have this problem too" });
    button.focus();
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText("Thank you. You are counted as affected.")).toBeTruthy();
    expect(screen.getByTestId("affected-count").textContent).toBe("4 people affected");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(button);
    expect(JSON.parse(localStorage.getItem(AFFECTED_STORAGE_KEYS.affected) ?? "[]")).toEqual([grievance.id]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /api/grievances/${grievance.id}/affected`,
    ]);
    expect(detailsLoader).not.toHaveBeenCalled();

    // A press on the remembered button sends nothing more.
    fireEvent.click(button);
    expect(calls).toHaveLength(1);
  });

  it("says the server's refusal in its own words", async () => {
    answer = () =>
      new Response(JSON.stringify({ message: "Too many answers from your connection." }), {
        status: 429,
        headers: { "Content-Type": "application/json" },
      });
    renderAt(
      [
        {
          path: "/submit-grievance",
          element: <AffectedButton grievanceId={grievance.id} affected={3} status="pending" />,
        },
        { path: "/grievance/:id", action: grievanceAction, element: null },
      ],
      "/submit-grievance",
    );
    fireEvent.click(screen.getByRole("button", { name: "I have this problem too" }));
    expect(await screen.findByText("Too many answers from your connection.")).toBeTruthy();
    expect(screen.getByTestId("affected-count").textContent).toBe("3 people affected");
    expect(screen.getByRole("button", { name: "I have this problem too" }).getAttribute("aria-disabled")).toBeNull();
    expect(localStorage.getItem(AFFECTED_STORAGE_KEYS.affected)).toBeNull();
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { RootErrorBoundary, RouteErrorBoundary } from "#web/app/error-boundary.tsx";
import { PublicLayout, RootLayout } from "#web/app/layout.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

function Broken(): never {
  throw new Error("The grievance list answer had no items");
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        errorElement: <RootErrorBoundary />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                errorElement: <RouteErrorBoundary />,
                children: [
                  { path: "/broken", element: <Broken /> },
                  {
                    path: "/missing",
                    loader: () => {
                      throw new Response("gone", { status: 404 });
                    },
                    element: <p>never</p>,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe("error screens", () => {
  beforeAll(() => activateWebLocale("en"));
  afterEach(cleanup);

  it("shows 'Unexpected Application Error!' followed by the message, inside the layout", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt("/broken");
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.getByText("The grievance list answer had no items")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
  });

  it("shows the friendly not-found page for a 404 from a route", async () => {
    renderAt("/missing");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});

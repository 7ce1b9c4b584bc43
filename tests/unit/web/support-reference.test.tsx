// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch, ApiRequestError, supportReferenceOf } from "#web/lib/api-client.ts";
import { SupportReference } from "#web/lib/support-reference.tsx";
import { ListError } from "#web/features/grievances/components/list-error.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

// A server failure shows the request's id for a resident to quote (docs/operating.md, "Logs"); nothing else does.

/** What apiFetch rejects with when the server answers `status` with `body`. */
async function failureOf(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal(
    "fetch",
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  return apiFetch("/api/grievances").then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("the request id of a failed API call", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is kept from the error body, and offered for a server failure", async () => {
    const error = await failureOf(500, {
      message: "Something went wrong on our side. Please try again.",
      requestId: "req-81f2",
    });
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).requestId).toBe("req-81f2");
    expect(supportReferenceOf(error)).toBe("req-81f2");
    expect(supportReferenceOf(await failureOf(503, { message: "Unavailable", requestId: "req-503" }))).toBe("req-503");
  });

  it("is not offered for a refusal the resident can fix, nor when no server answered", async () => {
    expect(
      supportReferenceOf(await failureOf(400, { message: "Please enter a title.", requestId: "req-400" })),
    ).toBeUndefined();
    expect(supportReferenceOf(await failureOf(502, "<html>Bad gateway</html>"))).toBeUndefined();
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    const offline = await apiFetch("/api/grievances").catch((error: unknown) => error);
    expect(supportReferenceOf(offline)).toBeUndefined();
    expect(supportReferenceOf(new Error("boom"))).toBeUndefined();
  });

  it("ignores a requestId that is not text", async () => {
    expect(supportReferenceOf(await failureOf(500, { message: "Failed", requestId: { id: 1 } }))).toBeUndefined();
  });
});

describe("SupportReference", () => {
  beforeEach(() => activateWebLocale("en"));
  afterEach(cleanup);

  const serverFailure = new ApiRequestError(
    "Something went wrong on our side. Please try again.",
    500,
    undefined,
    "9b2c-77",
  );

  it("shows the reference of a server failure, in the active language", () => {
    const { unmount } = render(<SupportReference error={serverFailure} />);
    expect(screen.getByTestId("support-reference").textContent).toBe("Reference for support: 9b2c-77");
    unmount();
    activateWebLocale("es");
    render(<SupportReference error={serverFailure} />);
    expect(screen.getByTestId("support-reference").textContent).toBe("Referencia para soporte: 9b2c-77");
  });

  it("shows nothing for a refusal or a network failure", () => {
    const { container } = render(
      <>
        <SupportReference error={new ApiRequestError("Please enter a title.", 400, undefined, "x-1")} />
        <SupportReference error={new ApiRequestError("No connection", 0)} />
      </>,
    );
    expect(container.textContent).toBe("");
  });

  it("appears under the list's failure", () => {
    render(<ListError error={serverFailure} onRetry={() => undefined} />);
    expect(screen.getByRole("alert").textContent).toContain("Reference for support: 9b2c-77");
  });
});

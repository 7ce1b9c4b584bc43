// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import { apiFetch, ApiRequestError, errorMessageOf } from "#web/lib/api-client.ts";
import { t } from "#web/lib/i18n/i18n.ts";
import { slot, withElements } from "#web/lib/text-with-elements.tsx";
import { activateWebLocale } from "../../support/web-i18n.ts";

const SENTENCE = "Reports sent from this device are in {myReports}, with their private links.";

function sentence() {
  return render(
    <p data-testid="sentence">
      {withElements(t(SENTENCE, { myReports: slot("myReports") }), {
        myReports: <a href="/my-reports">{t("My Reports")}</a>,
      })}
    </p>,
  );
}

describe("a sentence with a link in it", () => {
  afterEach(cleanup);
  afterAll(() => activateWebLocale("en"));

  it("reads as before in English, the link in its place", () => {
    activateWebLocale("en");
    const { getByTestId, getByRole } = sentence();
    expect(getByTestId("sentence").textContent).toBe(
      "Reports sent from this device are in My Reports, with their private links.",
    );
    expect(getByRole("link").textContent).toBe("My Reports");
  });

  it("puts the link where the other language's sentence has it", () => {
    activateWebLocale("hi");
    const { getByTestId, getByRole } = sentence();
    expect(getByTestId("sentence").textContent).toBe("इस डिवाइस से भेजी गई रिपोर्टें अपने निजी लिंक के साथ मेरी रिपोर्टें में हैं।");
    expect(getByRole("link").textContent).toBe("मेरी रिपोर्टें");
  });
});

describe("API errors", () => {
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => activateWebLocale("en"));

  it("tell the server the active language", async () => {
    activateWebLocale("fr");
    const fetch = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await apiFetch("/api/x");
    expect(fetch).toHaveBeenCalledWith("/api/x", { headers: { Accept: "application/json", "Accept-Language": "fr" } });
  });

  it("keep the app's own English in the error, and show it in the active language", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 404 })),
    );
    const error = await apiFetch("/api/x").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe("The request failed (status 404).");
    activateWebLocale("en");
    expect(errorMessageOf(error)).toBe("The request failed (status 404).");
    activateWebLocale("es");
    expect(errorMessageOf(error)).toBe("La solicitud falló (código 404).");
    // The server's words (already in the visitor's language) are shown as they are.
    expect(errorMessageOf(new ApiRequestError("Demasiadas solicitudes.", 429))).toBe("Demasiadas solicitudes.");
    activateWebLocale("en");
    expect(errorMessageOf(undefined)).toBe(MESSAGES.networkFailed);
  });
});

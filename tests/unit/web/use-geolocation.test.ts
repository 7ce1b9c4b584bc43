// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCATION_MESSAGES } from "#shared/places/location-messages.ts";
import { useGeolocation } from "#web/lib/map/use-geolocation.ts";

const CODES = { PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as const;

/** A navigator.geolocation that answers every request with `answer`. */
function fakeGeolocation(answer: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure: PositionErrorCallback, _options?: PositionOptions) => {
      if ("coords" in answer) success(answer as GeolocationPosition);
      else failure({ ...CODES, code: answer.code, message: "" } as GeolocationPositionError);
    },
  );
  vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

afterEach(() => vi.unstubAllGlobals());

describe("useGeolocation", () => {
  it("hands the position over once, asking for a precise fix within a time limit", () => {
    const ask = fakeGeolocation({ coords: { latitude: 1.5, longitude: -2.25 } });
    const found = vi.fn();
    const { result } = renderHook(() => useGeolocation());
    act(() => result.current.locate(found));
    expect(found).toHaveBeenCalledWith({ latitude: 1.5, longitude: -2.25 });
    expect(result.current.state).toEqual({ kind: "idle" });
    expect(ask.mock.calls[0]![2]).toMatchObject({ enableHighAccuracy: true, timeout: expect.any(Number) });
  });

  it.each([
    [CODES.PERMISSION_DENIED, LOCATION_MESSAGES.geolocationDenied],
    [CODES.POSITION_UNAVAILABLE, LOCATION_MESSAGES.geolocationUnavailable],
    [CODES.TIMEOUT, LOCATION_MESSAGES.geolocationTimeout],
  ])("says what went wrong for error code %i", (code, message) => {
    fakeGeolocation({ code });
    const found = vi.fn();
    const { result } = renderHook(() => useGeolocation());
    act(() => result.current.locate(found));
    expect(found).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ kind: "failed", message });
  });

  it("says so where the browser has no geolocation", () => {
    const { geolocation: _gone, ...rest } = navigator;
    vi.stubGlobal("navigator", rest);
    const { result } = renderHook(() => useGeolocation());
    act(() => result.current.locate(vi.fn()));
    expect(result.current.state).toEqual({ kind: "failed", message: LOCATION_MESSAGES.geolocationUnsupported });
  });
});

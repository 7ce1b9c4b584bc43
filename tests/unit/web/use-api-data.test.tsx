// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetRead, readOnce, useApiData } from "#web/lib/use-api-data.ts";

/**
 * The one way a component reads data (lib/use-api-data.ts): one AbortController per question, a late answer never
 * replacing a newer one, a failure as a state, typing debounced, and reads the page shares asked once.
 */
interface Question {
  key: string;
  signal: AbortSignal;
  answer: (value: string) => void;
  fail: (error: unknown) => void;
}

/** A read whose answers the test gives, in any order. */
function controlledRead() {
  const questions: Question[] = [];
  const read = vi.fn((key: string, signal: AbortSignal) => {
    return new Promise<string>((resolve, reject) => {
      questions.push({ key, signal, answer: resolve, fail: reject });
    });
  });
  return { read, questions };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("useApiData", () => {
  it("asks nothing without a key, then loads the key's answer", async () => {
    const { read, questions } = controlledRead();
    const { result, rerender } = renderHook(({ key }: { key?: string }) => useApiData(key, read), {
      initialProps: {},
    });
    expect(result.current).toEqual({ state: "idle" });
    expect(read).not.toHaveBeenCalled();

    rerender({ key: "a" });
    expect(result.current).toEqual({ state: "loading", previous: undefined });
    await act(async () => questions[0]!.answer("answer a"));
    expect(result.current).toEqual({ state: "loaded", data: "answer a" });
  });

  it("aborts the question before a new key, and a late answer to it changes nothing", async () => {
    const { read, questions } = controlledRead();
    const { result, rerender } = renderHook(({ key }) => useApiData(key, read), { initialProps: { key: "a" } });
    rerender({ key: "b" });
    expect(questions.map((q) => [q.key, q.signal.aborted])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    await act(async () => questions[0]!.answer("stale a"));
    expect(result.current).toEqual({ state: "loading", previous: undefined });
    await act(async () => questions[1]!.answer("answer b"));
    expect(result.current).toEqual({ state: "loaded", data: "answer b" });

    // The last answer stays at hand while the next key's is on its way.
    rerender({ key: "c" });
    expect(result.current).toEqual({ state: "loading", previous: "answer b" });
  });

  it("says a failure, logged with what failed, and aborts on unmount", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { read, questions } = controlledRead();
    const { result, unmount } = renderHook(() => useApiData("a", read, { what: "Progress" }));
    const failure = new Error("503");
    await act(async () => questions[0]!.fail(failure));
    expect(result.current).toEqual({ state: "failed", error: failure });
    expect(warn).toHaveBeenCalledWith("Progress could not be loaded:", failure);

    const second = renderHook(() => useApiData("b", read));
    second.unmount();
    unmount();
    expect(questions[1]!.signal.aborted).toBe(true);
  });

  it("asks only once the key has stayed the same for the delay", async () => {
    vi.useFakeTimers();
    const { read, questions } = controlledRead();
    const { rerender } = renderHook(({ key }) => useApiData(key, read, { delayMs: 400 }), {
      initialProps: { key: "w" },
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender({ key: "wa" });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender({ key: "wat" });
    expect(read).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(questions.map((q) => q.key)).toEqual(["wat"]);
  });
});

describe("readOnce", () => {
  it("shares one request among readers, and asks again after a failure or when forgotten", async () => {
    const read = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("list");
    const name = `shared-${Math.random()}`;
    await expect(readOnce(name, read)).rejects.toThrow("offline");
    const [first, second] = [readOnce(name, read), readOnce(name, read)];
    expect(first).toBe(second);
    await expect(first).resolves.toBe("list");
    expect(read).toHaveBeenCalledTimes(2);

    forgetRead(name);
    await readOnce(name, read);
    expect(read).toHaveBeenCalledTimes(3);
  });
});

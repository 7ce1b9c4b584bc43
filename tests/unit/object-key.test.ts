import { describe, expect, it } from "vitest";
import { contentTypeOfKey, isValidObjectKey, makeImageKeys, sanitiseFileName } from "#server/storage/object-key.ts";

describe("sanitiseFileName", () => {
  it.each([
    ["Broken Pipe (1).JPG", "broken-pipe-1"],
    ["IMG_2024-05-01.jpeg", "img-2024-05-01"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\Leak.png", "leak"],
    ["Ümlaut straße.webp", "mlaut-stra-e"],
    ["...", "image"],
    [".png", "image"],
    ["", "image"],
    ["noextension", "noextension"],
    [`${"a".repeat(59)}-b${"c".repeat(20)}.gif`, "a".repeat(59)],
  ])("%s -> %s", (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });

  it("never exceeds 60 characters", () => {
    expect(sanitiseFileName(`${"x".repeat(200)}.png`)).toHaveLength(60);
  });
});

describe("object keys", () => {
  it("are timestamp, random string and name, with the real format's extension", () => {
    const { key, thumbnailKey } = makeImageKeys("My Photo.png", "jpg", 1_700_000_000_123);
    expect(key).toMatch(/^1700000000123-[a-z0-9]{10}-my-photo\.jpg$/);
    expect(thumbnailKey).toBe(key.replace(/\.jpg$/, ".thumb.webp"));
    expect(isValidObjectKey(key) && isValidObjectKey(thumbnailKey)).toBe(true);
  });

  it("differ for the same name at the same millisecond", () => {
    const keys = new Set(Array.from({ length: 50 }, () => makeImageKeys("a.png", "png", 1).key));
    expect(keys.size).toBe(50);
  });

  it.each([
    ["1700000000123-abcdefghij-photo.jpg", "image/jpeg"],
    ["1700000000123-abcdefghij-photo.thumb.webp", "image/webp"],
    ["1700000000123-abcdefghij-photo.png", "image/png"],
    ["1700000000123-abcdefghij-photo.gif", "image/gif"],
  ])("%s is served as %s", (key, type) => {
    expect(contentTypeOfKey(key)).toBe(type);
  });

  it.each([
    "../1700000000123-abcdefghij-photo.jpg",
    "1700000000123-abcdefghij-photo.jpg/..",
    "1700000000123-abcdefghij-photo.svg",
    "1700000000123-abcdefghij-photo.JPG",
    "1700000000123-abcdefghij-.jpg.",
    "170000000012-abcdefghij-photo.jpg",
    "1700000000123-abcdefghi-photo.jpg",
    "1700000000123-abcdefghij-ph/oto.jpg",
    "1700000000123-abcdefghij-photo.jpg\n",
    "",
  ])("rejects %j", (key) => {
    expect(isValidObjectKey(key)).toBe(false);
    expect(contentTypeOfKey(key)).toBeUndefined();
  });
});

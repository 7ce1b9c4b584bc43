import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The official schemas of the XML the portal writes, checked with the tools integrators use: the OASIS
 * CAP 1.2 XSD with xmllint (libxml2-utils), and RFC 4287's Atom schema (Appendix B, RELAX NG) with jing. Both come
 * from Debian (.ci/run installs them); the schemas are in ../shared/standards beside the repository (CI clones the
 * repository with shared/ next to it), not copies of our own.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const STANDARDS_DIR = path.resolve(REPO_ROOT, "../shared/standards");
export const CAP_SCHEMA = path.join(STANDARDS_DIR, "CAP-v1.2.xsd");
export const ATOM_SCHEMA = path.join(STANDARDS_DIR, "atom-rfc4287.rng");

/** The documents written to a scratch folder, as files the tools read; removed when `check` returns. */
function withFiles(documents: readonly string[], check: (files: string[]) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xml-schemas-"));
  try {
    const files = documents.map((text, index) => {
      const file = path.join(dir, `document-${index + 1}.xml`);
      fs.writeFileSync(file, text);
      return file;
    });
    return check(files);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 60_000 });
  if (result.error)
    throw new Error(`${command} could not run (is it installed? .ci/run installs it): ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** What xmllint finds wrong with CAP documents against the OASIS schema (well-formedness included); "" when none. */
export function capSchemaProblems(documents: readonly string[]): string {
  return withFiles(documents, (files) => {
    const { status, output } = run("xmllint", ["--noout", "--schema", CAP_SCHEMA, ...files]);
    return status === 0
      ? ""
      : output
          .split("\n")
          .filter((line) => line && !line.endsWith(" validates"))
          .join("\n");
  });
}

/** What jing finds wrong with Atom feeds against RFC 4287's schema (well-formedness included); "" when none. */
export function atomSchemaProblems(documents: readonly string[]): string {
  return withFiles(documents, (files) => {
    const { status, output } = run("jing", [ATOM_SCHEMA, ...files]);
    // jing's launcher warns on stderr about optional jars Debian does not install; only its findings count.
    return status === 0
      ? ""
      : output
          .split("\n")
          .filter((line) => line && !line.startsWith("[warning]"))
          .join("\n");
  });
}

/** What xmllint finds wrong with a document that has no schema to check (Open311's XML): not well-formed. */
export function wellFormednessProblems(documents: readonly string[]): string {
  return withFiles(documents, (files) => {
    const { status, output } = run("xmllint", ["--noout", ...files]);
    return status === 0 ? "" : output;
  });
}

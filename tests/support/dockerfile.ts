import fs from "node:fs";
import path from "node:path";

/**
 * The repository's Dockerfile read as its instructions, for the tests that check it without a container engine
 * (tests/unit/container-*.test.ts) and replay its last stage as a plain process (tests/faults/production-image.test.ts).
 * Handles what our Dockerfile uses: line continuations, comments, global ARG defaults in FROM, flags, exec (JSON) form.
 */

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  args: string;
  line: number;
}

export interface Stage {
  name: string | undefined;
  /** The FROM image with the global ARG defaults filled in. */
  from: string;
  instructions: Instruction[];
}

export interface CopyInstruction {
  /** --from's stage, or undefined: the build context. */
  from: string | undefined;
  sources: string[];
  destination: string;
  flags: Record<string, string>;
}

export const root = path.resolve(import.meta.dirname, "../..");
export const dockerfilePath = path.join(root, "Dockerfile");

export function readDockerfile(): { text: string; stages: Stage[] } {
  const text = fs.readFileSync(dockerfilePath, "utf8");
  return { text, stages: parseStages(parseInstructions(text)) };
}

export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { parts: string[]; line: number } | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    // Comment lines are dropped even in the middle of a continued instruction, as Docker does.
    if (line.startsWith("#") || (line === "" && !pending)) return;
    const continued = line.endsWith("\\");
    const part = continued ? line.slice(0, -1).trim() : line;
    pending ??= { parts: [], line: index + 1 };
    pending.parts.push(part);
    if (continued) return;
    const joined = pending.parts.filter(Boolean).join(" ");
    const match = /^(\S+)\s*(.*)$/s.exec(joined);
    if (match)
      instructions.push({ keyword: (match[1] as string).toUpperCase(), args: match[2] as string, line: pending.line });
    pending = undefined;
  });
  return instructions;
}

function parseStages(instructions: Instruction[]): Stage[] {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith("--"));
      const image = (words[0] ?? "").replace(/\$\{?(\w+)\}?/g, (_, name: string) => globalArgs[name] ?? "");
      const name = words[1]?.toUpperCase() === "AS" ? words[2] : undefined;
      stages.push({ name, from: image, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === "ARG") {
        const [name, value = ""] = instruction.args.split("=", 2);
        globalArgs[(name as string).trim()] = value.trim();
      }
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

export function finalStage(stages: Stage[]): Stage {
  const stage = stages.at(-1);
  if (!stage) throw new Error("The Dockerfile has no FROM");
  return stage;
}

/** The instructions of a stage and of the stages it is built FROM, in the order they apply. */
export function effectiveInstructions(stages: Stage[], stage: Stage): Instruction[] {
  const parent = stages.find((candidate) => candidate.name === stage.from);
  return [...(parent ? effectiveInstructions(stages, parent) : []), ...stage.instructions];
}

export function instructionsOf(instructions: Instruction[], keyword: string): Instruction[] {
  return instructions.filter((instruction) => instruction.keyword === keyword);
}

export function parseCopy(instruction: Instruction): CopyInstruction {
  const words = instruction.args.split(/\s+/);
  const flags: Record<string, string> = {};
  while (words[0]?.startsWith("--")) {
    const [flag, value = ""] = (words.shift() as string).slice(2).split("=", 2);
    flags[flag as string] = value;
  }
  const destination = words.pop();
  if (!destination || words.length === 0)
    throw new Error(`COPY on line ${instruction.line} needs a source and a destination`);
  return { from: flags.from, sources: words, destination, flags };
}

/** ENV's KEY=value pairs (our Dockerfile writes them unquoted). */
export function parseEnv(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of instructionsOf(instructions, "ENV")) {
    for (const [, name, value] of instruction.args.matchAll(/(\w+)=(\S*)/g)) env[name as string] = value as string;
  }
  return env;
}

/** The exec form of CMD, ENTRYPOINT or HEALTHCHECK CMD: a JSON array of strings. */
export function execForm(args: string): string[] | undefined {
  const json = args.replace(/^(?:--\S+\s+)*(?:CMD\s+)?/, "");
  if (!json.startsWith("[")) return undefined;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) && parsed.every((item) => typeof item === "string") ? parsed : undefined;
}

/** The WORKDIR in force at the end of a stage (absolute; ours are). */
export function workdirOf(instructions: Instruction[]): string {
  return instructionsOf(instructions, "WORKDIR").at(-1)?.args ?? "/";
}

import { fork, type ChildProcess } from "node:child_process";
import type { ChildMessage, StartMessage } from "./server-process.ts";

/** A server-process.ts child, listening. */
export interface ServerHandle {
  url: string;
  /** Its resident memory now, after a full garbage collection, in bytes. */
  rss(): Promise<number>;
  stop(): Promise<void>;
}

const SCRIPT = new URL("./server-process.ts", import.meta.url);

export async function startServer(start: StartMessage): Promise<ServerHandle> {
  // No inherited flags (a debugger's, say) but --expose-gc, so that memory is measured without garbage; no standard
  // input, and its output goes where ours does.
  const child = fork(SCRIPT, [], { execArgv: ["--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.send(start);
  const first = await Promise.race([nextMessage(child), exited.then((code) => ({ type: "exited", code }) as const)]);
  if (first.type !== "listening") {
    child.kill();
    const why =
      first.type === "failed"
        ? first.message
        : first.type === "exited"
          ? `it exited with code ${first.code}`
          : first.type;
    throw new Error(`The ${start.kind} server did not start: ${why}`);
  }
  return {
    url: first.url,
    async rss() {
      child.send({ type: "rss" });
      const answer = await nextMessage(child);
      if (answer.type !== "rss") throw new Error(`Unexpected answer from the ${start.kind} server: ${answer.type}`);
      return answer.bytes;
    },
    async stop() {
      child.send({ type: "stop" });
      await exited;
    },
  };
}

function nextMessage(child: ChildProcess): Promise<ChildMessage> {
  return new Promise((resolve) => child.once("message", (message) => resolve(message as ChildMessage)));
}

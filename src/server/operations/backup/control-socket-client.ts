import net from "node:net";
import { BackupError } from "./backup-error.ts";
import { DUMP_REQUEST, type ControlAnswer } from "./control-socket-protocol.ts";

// A dump of a large database takes a while; a portal that answers nothing at all for this long is stuck.
const SILENCE_LIMIT_MS = 120_000;

/**
 * Asks the portal running on this data folder for a copy of its database. Undefined when no portal listens there
 * (no socket file, or a leftover of a process that is gone).
 */
export function requestDatabaseDump(socketPath: string): Promise<Buffer | undefined> {
  return requestOfPortal(socketPath, DUMP_REQUEST);
}

/** Sends one request to the portal running on this data folder; its answer, or undefined when none listens. */
export function requestOfPortal(socketPath: string, request: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(SILENCE_LIMIT_MS, () =>
      socket.destroy(
        new BackupError(`The running portal did not answer on ${socketPath} within ${SILENCE_LIMIT_MS / 1000} s.`),
      ),
    );
    socket.once("connect", () => {
      connected = true;
      socket.write(request);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(undefined);
      else if (error.code === "EACCES") {
        reject(
          new BackupError(`${socketPath} belongs to another user: run the command as the user the portal runs as.`),
        );
      } else
        reject(
          error instanceof BackupError
            ? error
            : new BackupError(`The running portal's control socket failed: ${error.message}`),
        );
    });
    socket.once("end", () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function parseAnswer(received: Buffer): Buffer {
  const newline = received.indexOf(10);
  let head: ControlAnswer;
  try {
    head = JSON.parse(
      received.subarray(0, newline === -1 ? received.length : newline).toString("utf8"),
    ) as ControlAnswer;
  } catch {
    throw new BackupError("The running portal's control socket sent something that is not an answer.");
  }
  if (!head.ok) throw new BackupError(head.message);
  const body = received.subarray(newline + 1);
  if (body.length !== head.bytes) {
    throw new BackupError(`The running portal's answer was cut short (${body.length} of ${head.bytes} bytes).`);
  }
  return body;
}

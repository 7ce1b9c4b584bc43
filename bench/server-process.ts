/**
 * A server under load, in a process of its own (started by server-handle.ts): the load generator must not share
 * its event loop, and its resident memory is then the server's alone. The parent sends one start message, then
 * asks for the memory and finally for a stop.
 *
 *   { kind: "portal", env }  the real portal: the project's config from `env`, openDatabase (migrations), its image
 *                            store, buildApp with the logger off (asDeployed: logging every request to /dev/null
 *                            and keeping its metrics, as in production), on 127.0.0.1 and a free port
 *   { kind: "floor" }        the floor: a bare Fastify with one JSON route, GET /floor
 */
import fs from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";

export type StartMessage = { kind: "portal"; env: Record<string, string>; asDeployed?: boolean } | { kind: "floor" };
export type ParentMessage = { type: "rss" } | { type: "stop" };
export type ChildMessage =
  { type: "listening"; url: string } | { type: "rss"; bytes: number } | { type: "failed"; message: string };

const send = (message: ChildMessage) => process.send?.(message);

async function start(message: StartMessage): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  if (message.kind === "floor") {
    const app = Fastify({ logger: false });
    app.get("/floor", async () => ({ ok: true }));
    return { app, close: () => app.close() };
  }
  // Loaded here, not above: the floor's process holds Fastify and nothing of the portal.
  const [{ buildApp }, { loadConfig }, { openDatabase }, { createImageStore }] = await Promise.all([
    import("#server/app.ts"),
    import("#server/config.ts"),
    import("#server/db/open-database.ts"),
    import("#server/storage/create-image-store.ts"),
  ]);
  const deployed = message.asDeployed === true;
  const config = loadConfig({
    ...message.env,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: deployed ? "info" : "silent",
    ...(deployed ? { METRICS_TOKEN: "bench-metrics-token-0123456789" } : {}),
  });
  const db = await openDatabase(config);
  // As deployed, pino writes its JSON lines through the same kind of stream as to stdout, here into /dev/null.
  const logger = deployed ? { level: "info", stream: fs.createWriteStream("/dev/null") } : false;
  const app = await buildApp({ config, db, imageStore: createImageStore(config), logger });
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

process.once("message", (message: StartMessage) => {
  void (async () => {
    try {
      const { app, close } = await start(message);
      const url = await app.listen({ host: "127.0.0.1", port: 0 });
      const stop = async () => {
        await close();
        process.exit(0);
      };
      process.on("message", (next: ParentMessage) => {
        if (next.type === "rss") {
          // What the process holds, not what it has yet to collect (it runs with --expose-gc).
          (globalThis as { gc?: () => void }).gc?.();
          send({ type: "rss", bytes: process.memoryUsage.rss() });
        } else void stop();
      });
      // The benchmark died or was interrupted: do not outlive it (an embedded database must be closed cleanly).
      process.once("disconnect", () => void stop());
      send({ type: "listening", url });
    } catch (error) {
      send({ type: "failed", message: (error as Error).stack ?? String(error) });
      process.exit(1);
    }
  })();
});

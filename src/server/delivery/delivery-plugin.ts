import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import { startLoop, type Job, type Loop } from "./loop.ts";

export interface DeliveryPluginOptions {
  /** The jobs of this portal (background-jobs.ts), given the app's logger. */
  jobs: (logger: FastifyBaseLogger) => Job[];
  /** How long app.close() waits for the rounds in progress (loop.ts; default 4 s). */
  stopWaitMs?: number;
}

/**
 * The background work as part of the app (docs/decisions/046-one-delivery-runtime.md): the loop starts once the app
 * listens, so the first rounds never delay serving, and app.close() stops it after the requests in flight have
 * been answered (Fastify runs onClose then), waiting a bounded time for its rounds. Whoever closes the app then
 * closes the database: nothing else to stop, nothing to forget.
 */
export const deliveryPlugin: FastifyPluginAsync<DeliveryPluginOptions> = async (app, options) => {
  let loop: Loop | undefined;
  app.addHook("onListen", async () => {
    if (loop) return;
    loop = startLoop({
      logger: app.log,
      ...(options.stopWaitMs === undefined ? {} : { stopWaitMs: options.stopWaitMs }),
    });
    for (const job of options.jobs(app.log)) loop.add(job);
  });
  app.addHook("onClose", async () => {
    await loop?.stop();
  });
};

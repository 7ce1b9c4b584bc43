/**
 * The delivery runtime (docs/decisions/046-one-delivery-runtime.md): the one loop background jobs run on, tied to
 * app.close() by its plugin, and the one outbox driver each channel is an adapter of. Slices import it here only.
 */
export { startLoop, type Job, type Loop, type LoopOptions, type LoopTimers, type RunningJob } from "./loop.ts";
export { deliveryPlugin, type DeliveryPluginOptions } from "./delivery-plugin.ts";
export {
  BATCH,
  LEASE_SECONDS,
  errorText,
  outboxJob,
  startOutbox,
  type FailureScope,
  type OutboxChannel,
  type OutboxDriverOptions,
  type OutboxMessage,
  type OutboxWorker,
} from "./outbox-driver.ts";
export { notify, type NotifyEvent } from "./notify.ts";

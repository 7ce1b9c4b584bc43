import sharp from "sharp";

/**
 * libvips settings for the upload pipeline, process-wide (sharp has no other kind). Imported for its effect by
 * image-pipeline.ts, so they hold before the first image is decoded.
 */

// Every upload's pixels are used once and never again: the operation cache (50 MB by default) would only keep
// memory that the next report needs.
sharp.cache(false);

// The work is already spread over the cores one level up: a report's photos are processed side by side, as many
// as there are cores (grievance-service.ts). More libvips threads per image on top would oversubscribe the cores and
// multiply the per-thread buffers.
sharp.concurrency(1);

import type { Config } from "../config.ts";
import type { ImageStore } from "./image-store.ts";
import { LocalImageStore } from "./local-image-store.ts";
import { S3ImageStore } from "./s3-image-store.ts";

/** The configured bucket: an S3-compatible one when IMAGE_STORAGE=s3, otherwise the folder under STORAGE_DIR. */
export function createImageStore(config: Pick<Config, "storageDir" | "s3">): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(config.storageDir);
}

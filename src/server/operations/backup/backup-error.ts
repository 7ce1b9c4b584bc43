/** A failure of `npm run backup` or `npm run restore` worded for the operator: printed as is, exit code 1. */
export class BackupError extends Error {}

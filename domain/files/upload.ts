import { err, ok, type Result } from 'neverthrow';

/** The upload limit: 5 MB, counted in binary megabytes (5 × 1024 × 1024 bytes), spec §5 and §9. */
export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** The spec's exact words for a file over the limit (en); locales hold them in both languages. */
export const FILE_TOO_LARGE_MESSAGE_EN = 'Error! File Size is over limit 5MB. Please upload again.';

export interface FileTooLarge {
  readonly code: 'fileTooLarge';
  readonly limitBytes: number;
  readonly sizeBytes: number;
}

/** A file of exactly 5 MB is accepted; one byte more is not. */
export function checkUploadSize(sizeBytes: number): Result<void, FileTooLarge> {
  return sizeBytes > MAX_UPLOAD_BYTES ? err({ code: 'fileTooLarge', limitBytes: MAX_UPLOAD_BYTES, sizeBytes }) : ok(undefined);
}

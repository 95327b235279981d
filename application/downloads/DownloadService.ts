import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { ReceivedFile } from '../ports/ApiTransport';
import type { FileSaver } from '../ports/FileSaver';

/** Whether a reply body is a file (a 2xx reply to `expect: 'file'`). */
export function isReceivedFile(body: unknown): body is ReceivedFile {
  return typeof body === 'object' && body !== null && 'blob' in body && body.blob instanceof Blob;
}

/** The last part of the path, as a name for a file the server did not name. */
function fallbackName(path: string): string {
  return path.split('?')[0]!.split('/').filter(Boolean).pop() ?? 'download';
}

/**
 * Downloads (CSV and Excel exports, attachments) through the app's own transport, so they reach the
 * back end wherever it runs, including the fake backend in the page; the file is then saved under
 * the name the server gave it. Failures take the error catalogue's course like any other request.
 */
export class DownloadService {
  constructor(
    private readonly api: ApiClient,
    private readonly saver: FileSaver,
  ) {}

  /** GETs `path` (an /api/ address with its query) and saves the file; yields the name it was saved under. */
  download(path: string): ResultAsync<string, ApiError> {
    return this.api.request({ method: 'GET', path, expect: 'file' }).andThen((body) => {
      if (!isReceivedFile(body)) return errAsync<string, ApiError>({ code: 'server', status: 200, message: '' });
      const name = body.name ?? fallbackName(path);
      this.saver.save(body.blob, name);
      return okAsync<string, ApiError>(name);
    });
  }
}

import { token } from '../di/token';

/** Hands a file to the person: the browser saves it as a download under the given name. */
export interface FileSaver {
  save(file: Blob, name: string): void;
}

export const FileSaver = token<FileSaver>('FileSaver');

import { token } from '../di/token';

/** Keeps unsaved form input for a while (the browser tab's session storage). */
export interface DraftStore {
  save(key: string, value: string): void;
  load(key: string): string | null;
  remove(key: string): void;
}

export const DraftStore = token<DraftStore>('DraftStore');

import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../storage/FileStorage';

/**
 * Files in a local folder (FILES_DIR, default data/files). Keys are server-made ([a-z0-9/_-]); a
 * file is written under a temporary name and renamed into place, so a cut-off write never leaves a
 * half file behind.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[a-z0-9][a-z0-9/_-]*$/i.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.partial`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

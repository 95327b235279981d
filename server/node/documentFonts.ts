import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { DocumentFonts, FontSource } from '../documents/fonts';

const require = createRequire(import.meta.url);

/** The TrueType files of @expo-google-fonts/noto-sans-hk (about 7 MB each), read once and kept. */
export class PackagedFontSource implements FontSource {
  private loaded: Promise<DocumentFonts> | null = null;

  load(): Promise<DocumentFonts> {
    this.loaded ??= Promise.all([read('400Regular/NotoSansHK_400Regular.ttf'), read('700Bold/NotoSansHK_700Bold.ttf')]).then(([regular, bold]) => ({ regular, bold }));
    // A failed read is tried again by the next document.
    this.loaded.catch(() => (this.loaded = null));
    return this.loaded;
  }
}

const read = async (file: string): Promise<Uint8Array> => new Uint8Array(await readFile(require.resolve(`@expo-google-fonts/noto-sans-hk/${file}`)));

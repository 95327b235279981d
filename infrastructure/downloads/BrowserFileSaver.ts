import type { FileSaver } from '../../application/ports/FileSaver';

/** How long the file's blob: address lives after the click, so the browser has read it. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file the way a download link does: a blob: address on a hidden <a download>, clicked once
 * and removed. Works the same whether the bytes came over the network or from the in-page server.
 */
export class BrowserFileSaver implements FileSaver {
  constructor(private readonly window: Window) {}

  save(file: Blob, name: string): void {
    const { document } = this.window;
    const address = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = address;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    this.window.setTimeout(() => URL.revokeObjectURL(address), REVOKE_AFTER_MS);
  }
}

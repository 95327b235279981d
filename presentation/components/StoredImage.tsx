import { useEffect, useState } from 'react';
import { FileAddresses } from '../../application/ports/FileAddresses';
import { useService } from '../services/ServicesContext';

/** Where a stored picture can be shown from: `src` once known, `loading` while it is being fetched. */
export interface ShownAddress {
  readonly src: string | null;
  readonly loading: boolean;
}

/**
 * The address an <img> shows a stored file from (`path`: its /api/… address, or null for none):
 * the address itself with the real server, a blob: address of the file fetched through the app's
 * transport with the back end in the page. The address is held while the component shows it.
 */
export function useFileAddress(path: string | null): ShownAddress {
  const addresses = useService(FileAddresses);
  const [fetched, setFetched] = useState<{ readonly path: string; readonly src: string | null } | null>(null);

  useEffect(() => {
    if (path === null) return;
    const held = addresses.hold(path);
    let shown = true;
    void held.ready.then((src) => {
      if (shown) setFetched((before) => (before?.path === path && before.src === src ? before : { path, src }));
    });
    return () => {
      shown = false;
      held.release();
    };
  }, [addresses, path]);

  if (path === null) return { src: null, loading: false };
  if (fetched?.path === path) return { src: fetched.src, loading: false };
  const now = addresses.peek(path);
  return { src: now, loading: now === null };
}

/** The mark of a picture not yet on the page (being fetched or drawn); a print waits until none is left. */
const PENDING = 'data-image-pending';

/**
 * A stored picture (a profile photo, a company's logo or chop, a report photo) by its /api/ address,
 * in every back-end mode. Until it is drawn it carries data-image-pending, so a print can wait for
 * it (`picturesShown`); one that cannot be had is said by its text alternative, as a broken image is.
 */
export function StoredImage({ path, alt, className, width, height }: { path: string; alt: string; className?: string; width?: number; height?: number }) {
  const { src, loading } = useFileAddress(path);
  const [drawn, setDrawn] = useState<string | null>(null);
  if (src === null) {
    if (loading) return <span className={className} aria-hidden="true" data-image-pending="" />;
    return alt ? <span className={className} role="img" aria-label={alt} /> : null;
  }
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      width={width}
      height={height}
      onLoad={() => setDrawn(src)}
      onError={() => setDrawn(src)}
      data-image-pending={drawn === src ? undefined : ''}
    />
  );
}

/**
 * Resolves once every stored picture inside `root` is on the page (or has failed), or after
 * `limitMs` at the latest, so a print never waits for ever.
 */
export function picturesShown(root: HTMLElement | null, limitMs = 10_000): Promise<void> {
  if (!root || !root.querySelector(`[${PENDING}]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      window.clearTimeout(limit);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!root.querySelector(`[${PENDING}]`)) done();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: [PENDING] });
    const limit = window.setTimeout(done, limitMs);
  });
}

import { useEffect, useState } from 'react';

/**
 * A `blob:` address to show a picture held in memory (a photo made small on the phone), made while the
 * component shows it and given up (URL.revokeObjectURL) when it stops — the photo removed, the form
 * left — so the browser frees the picture. Null until made.
 */
export function useObjectUrl(blob: Blob): string | null {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    setAddress(made);
    return () => {
      URL.revokeObjectURL(made);
      setAddress(null);
    };
  }, [blob]);
  return address;
}

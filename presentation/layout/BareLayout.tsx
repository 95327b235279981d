import type { ReactNode } from 'react';
import { OfflineBanner } from '../components/OfflineBanner';

/** The frame of screens shown without the app's menu (sign-in, registration, public pages). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bare-layout">
      <OfflineBanner />
      <main id="main" className="bare-main">
        {children}
      </main>
    </div>
  );
}

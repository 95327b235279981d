import type { ReactNode } from 'react';
import { NotificationBanner } from '../components/NotificationBanner';
import { OfflineBanner } from '../components/OfflineBanner';

/** The frame of screens shown without the app's menu (sign-in, registration, public pages). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bare-layout">
      <OfflineBanner />
      <main id="main" className="bare-main">
        {/* What a public screen's use-case says as it leaves for another (e.g. "password changed" on the sign-in page). */}
        <NotificationBanner />
        {children}
      </main>
    </div>
  );
}

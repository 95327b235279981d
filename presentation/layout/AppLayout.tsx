import { Suspense, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { User } from '../../domain/auth/user';
import { menuFor } from '../../application/navigation/menu';
import type { RouteDef } from '../../application/navigation/routes';
import { SessionService } from '../../application/session/SessionService';
import { AppState } from '../../application/state/AppState';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { NotificationBanner } from '../components/NotificationBanner';
import { OfflineBanner } from '../components/OfflineBanner';
import { useAppState } from '../hooks/useAppState';
import { useService } from '../services/ServicesContext';
import { PageHeadingProvider } from './PageHeading';

/** Below this width the menu overlays the page instead of sitting beside it. */
const NARROW = '(max-width: 1023px)';

/** The signed-in frame: header, the left menu of every area the user may use, and the screen. */
export function AppLayout({ route, user, children }: { route: RouteDef; user: User; children: ReactNode }) {
  // The menu's words are not in the first download (infrastructure/i18n/resources.ts): wait for them.
  const { t } = useTranslation(['common', 'menu']);
  const [path] = useLocation();
  const state = useService(AppState);
  const session = useService(SessionService);
  const showMenu = useAppState('showLeftPanelMenu');
  const sections = useMemo(() => menuFor(user), [user]);
  const heading = useRef<HTMLHeadingElement>(null);

  // Focus follows navigation: a keyboard or screen-reader user lands on the new screen's heading.
  // On a narrow screen (a tablet) the menu overlays the page, so it closes once a screen is chosen.
  const closeMenuIfNarrow = useCallback(() => {
    if (window.matchMedia?.(NARROW).matches) state.set({ showLeftPanelMenu: false });
  }, [state]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    closeMenuIfNarrow();
  }, [path, closeMenuIfNarrow]);

  return (
    <div className={`app-layout${showMenu ? '' : ' menu-collapsed'}`}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="app-header">
        <button
          type="button"
          className="icon-button"
          aria-expanded={showMenu}
          aria-controls="main-menu"
          onClick={() => state.set({ showLeftPanelMenu: !showMenu })}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('menu.toggle')}</span>
        </button>
        <span className="app-name">{t('app.name')}</span>
        <div className="header-actions">
          <LanguageSwitch />
          <span className="user-name">{user.name}</span>
          <button type="button" className="button button-secondary" onClick={() => void session.logout()}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <OfflineBanner />
      <div className="app-body">
        <nav id="main-menu" className="app-menu" aria-label={t('menu.label')} hidden={!showMenu}>
          {sections.map((section) => (
            <section key={section.label} className="menu-section">
              <h2 className="menu-heading">{t(`menu:section.${section.label}`)}</h2>
              <ul>
                {section.items.map((item) => (
                  <li key={item.path}>
                    <Link
                      href={item.path}
                      className={path === item.path || path.startsWith(`${item.path}/`) || path === `${item.path}-result` ? 'menu-link active' : 'menu-link'}
                      aria-current={path === item.path ? 'page' : undefined}
                      // Chosen on a tablet, the menu gives the page back even when the user then stays
                      // (unsaved changes) and the path does not change.
                      onClick={closeMenuIfNarrow}
                    >
                      {t(`menu:item.${item.label}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <main id="main" className="app-main">
          <h1 ref={heading} tabIndex={-1} className="page-title">
            {t(`routes:${route.title}`)}
          </h1>
          <Suspense fallback={null}>
            <NotificationBanner />
          </Suspense>
          <PageHeadingProvider>{children}</PageHeadingProvider>
        </main>
      </div>
    </div>
  );
}

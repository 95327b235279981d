import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AppStartup } from '../application/session/AppStartup';
import { composeApp } from '../infrastructure/composition/container';
import { HTTP_BACKEND, IN_PAGE_BACKEND } from '../infrastructure/composition/modules';
import { App } from './app/App';
import { ServicesProvider } from './services/ServicesContext';
import './styles/app.css';

/** The browser entry: compose the app once, start it (user restore, heartbeat), render. */
const { services, i18n } = composeApp(
  {
    window,
    fetch: (input, init) => window.fetch(input, init),
    storage: window.localStorage,
    sessionStorage: window.sessionStorage,
  },
  // `npm run demo` builds with VITE_BACKEND=in-page: the whole product in the browser, no server.
  import.meta.env.VITE_BACKEND === 'in-page' ? IN_PAGE_BACKEND : HTTP_BACKEND,
);
services.get(AppStartup).start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The Chinese web font's face list (109 unicode-range slices, 41 KB gzip) is fetched once the page
// has rendered, so it never holds up the first paint; the browser then fetches only the slices the
// page's text needs.
void import('./styles/fonts');
// Installable and opening with no network (vite.config.ts, installable): the service worker of the
// production build. Not in development (no worker is built) nor in the in-page demo.
if (import.meta.env.PROD && import.meta.env.VITE_BACKEND !== 'in-page') void import('../infrastructure/composition/serviceWorker').then((m) => m.registerServiceWorker(window));

createRoot(root).render(
  <StrictMode>
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        {/* Until the interface language's core messages have arrived (only when it is not the default). */}
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </I18nextProvider>
    </ServicesProvider>
  </StrictMode>,
);

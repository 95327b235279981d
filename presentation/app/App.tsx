import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Router } from 'wouter';
import type { ErrorPagePath } from '../../application/navigation/ErrorsShownHere';
import { RouteController, type RouteView } from '../../application/navigation/RouteController';
import { ROUTES, type RouteDef } from '../../application/navigation/routes';
import { Navigator } from '../../application/ports/Navigator';
import { NO_SCREEN_DATA } from '../../application/navigation/screenData';
import { ConfirmationHost } from '../components/ConfirmationHost';
import { LoadingMessage } from '../components/LoadingMessage';
import { ScreenError } from '../components/ScreenError';
import { useAppState } from '../hooks/useAppState';
import { useObservable } from '../hooks/useObservable';
import { AppLayout } from '../layout/AppLayout';
import { BareLayout } from '../layout/BareLayout';
import { useService } from '../services/ServicesContext';
import { SCREENS } from './screens';
import { useNavigatorLocation, useNavigatorSearch } from './useNavigatorLocation';

/** The route of an error page, shown where no route of its own is: an unknown path, or a failure shown here. */
const errorRoute = (path: ErrorPagePath): RouteDef => ROUTES.find((r) => r.path === path) ?? { path, title: 'error404', screen: 'error404' };

/** The whole app: the route table decides what shows at each address, for the user who is signed in. */
export function App() {
  const navigator = useService(Navigator);
  return (
    <Router hook={useNavigatorLocation} searchHook={useNavigatorSearch} hrefs={(href) => navigator.href(href)}>
      <RouteOutlet />
      <ConfirmationHost />
    </Router>
  );
}

function RouteOutlet() {
  const { t } = useTranslation();
  const controller = useService(RouteController);
  const view = useObservable<RouteView>(controller.view$, { kind: 'redirecting' });
  const user = useAppState('user');

  const route = view.kind === 'notFound' ? errorRoute('/error-404') : view.kind === 'errorPage' ? errorRoute(view.path) : view.kind === 'redirecting' ? null : view.match.route;

  useEffect(() => {
    if (route) document.title = `${t(`routes:${route.title}`)} · ${t('app.name')}`;
  }, [route, t]);

  if (!route) return <LoadingMessage />;
  const Screen = SCREENS[route.screen];
  const content =
    view.kind === 'loading' ? (
      <LoadingMessage />
    ) : view.kind === 'failed' ? (
      <ScreenError error={view.error} />
    ) : (
      <Suspense fallback={<LoadingMessage />}>
        <Screen key={`${route.path}${JSON.stringify(view.kind === 'ready' ? view.match.params : {})}`} route={route} params={view.kind === 'ready' ? view.match.params : {}} data={view.kind === 'ready' ? view.data : NO_SCREEN_DATA} />
      </Suspense>
    );
  return user !== null && !route.public ? (
    <AppLayout route={route} user={user}>
      {content}
    </AppLayout>
  ) : (
    <BareLayout>{content}</BareLayout>
  );
}

import { firstValueFrom, filter, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { RouteController, type RouteView } from '../../application/navigation/RouteController';
import type { RouteDef } from '../../application/navigation/routes';
import { err, ok } from 'neverthrow';
import type { Decode } from '../../application/api/ApiClient';
import type { ScreenKey } from '../../application/navigation/routes';
import type { ScreenDataDecoders } from '../../application/ports/ScreenDataDecoders';
import { ADMIN, createCore, WORKER_WITHOUT_CALENDAR, type Handler } from '../support/fakes';

const ROUTES: RouteDef[] = [
  { path: '/calendar', title: 'calendar', screen: 'calendar', permission: 'appointment_view', deniedRedirect: '/home' },
  { path: '/home', title: 'home', screen: 'home' },
  { path: '/login', title: 'login', screen: 'login', public: true },
  { path: '/things', title: 'things', screen: 'home', api: '/api/things' },
  { path: '/things/:id', title: 'thing', screen: 'home', api: '/api/things/:id', apiQuery: { tab: 'basic' } },
  { path: '/settings/holiday', title: 'holidays', screen: 'home', api: '/api/holidays', defaultQuery: 'currentYear' },
  { path: '/d/:token', title: 'customerDocument', screen: 'customerDocument', public: true, api: '/api/public/documents/:token' },
];

function controller(options: { handler?: Handler; user?: typeof ADMIN | null; start?: string; decoders?: ScreenDataDecoders } = {}) {
  const core = createCore({ user: ADMIN, ...options });
  core.currentUser.restore();
  const routes = new RouteController(core.navigator, core.currentUser, core.state, core.api, core.clock, core.shownHere, ROUTES, options.decoders);
  const views: RouteView[] = [];
  const subscription = routes.view$.subscribe((view) => views.push(view));
  return { ...core, routes, views, subscription };
}

const settled = (view$: Observable<RouteView>) => firstValueFrom(view$.pipe(filter((v) => v.kind !== 'loading' && v.kind !== 'redirecting')));

describe('screen data (spec §2)', () => {
  it('gives an array reply to the screen as items', async () => {
    const { routes, transport } = controller({ start: '/things', handler: () => ({ status: 200, body: [{ id: 1 }, { id: 2 }] }) });
    const view = await settled(routes.view$);
    expect(view.kind === 'ready' && view.data).toEqual({ items: [{ id: 1 }, { id: 2 }], props: {}, value: [{ id: 1 }, { id: 2 }] });
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/api/things' });
  });

  it('merges an object reply into the screen’s properties', async () => {
    const { routes } = controller({ start: '/things/7', handler: () => ({ status: 200, body: { name: 'Ada', total: 3 } }) });
    const view = await settled(routes.view$);
    expect(view.kind === 'ready' && view.data).toEqual({ items: [], props: { name: 'Ada', total: 3 }, value: { name: 'Ada', total: 3 } });
  });

  it('fills the path params and appends the route’s query to the API call', async () => {
    const { routes, transport } = controller({ start: '/things/a%2Fb?page=2&sort=name', handler: () => ({ status: 200, body: {} }) });
    await settled(routes.view$);
    expect(transport.requests[0]).toMatchObject({ path: '/api/things/a%2Fb', query: { tab: 'basic', page: '2', sort: 'name' } });
  });

  it('sets loaded to false while the data is on its way and back to true after', async () => {
    let release: () => void = () => undefined;
    const { routes, state, views } = controller({
      start: '/things',
      handler: () => new Promise((resolve) => (release = () => resolve({ status: 200, body: [] }))),
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(views.at(-1)?.kind).toBe('loading');
    expect(state.get().loaded).toBe(false);
    release();
    await settled(routes.view$);
    expect(state.get().loaded).toBe(true);
  });

  it('drops the data of a screen the user has already left', async () => {
    const releases: (() => void)[] = [];
    const { routes, navigator, views } = controller({
      start: '/things/1',
      handler: (r) => new Promise((resolve) => releases.push(() => resolve({ status: 200, body: { from: r.path } }))),
    });
    await new Promise((r) => setTimeout(r, 0));
    navigator.push('/things/2');
    await new Promise((r) => setTimeout(r, 0));
    releases[0]?.();
    releases[1]?.();
    const view = await settled(routes.view$);
    expect(view.kind === 'ready' && view.data.props).toEqual({ from: '/api/things/2' });
    expect(views.filter((v) => v.kind === 'ready')).toHaveLength(1);
  });

  it('reloads the current screen when viewKey changes', async () => {
    const { routes, transport, state } = controller({ start: '/things', handler: () => ({ status: 200, body: [] }) });
    await settled(routes.view$);
    state.set({ viewKey: state.get().viewKey + 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(transport.requests.filter((r) => r.path === '/api/things')).toHaveLength(2);
  });

  it('follows the error catalogue when the data is missing: 404 → the 404 page', async () => {
    const { routes, navigator } = controller({ start: '/things/9', handler: () => ({ status: 404, body: { message: 'gone' } }) });
    expect((await settled(routes.view$)).kind).toBe('notFound');
    expect(navigator.url).toBe('/error-404');
  });

  it('hands the screen an error the catalogue leaves in place (service unavailable)', async () => {
    const { routes, navigator, state } = controller({ start: '/things/9', handler: () => ({ status: 503, body: { message: 'Database down' } }) });
    const view = await settled(routes.view$);
    expect(view.kind === 'failed' && view.error).toEqual({ code: 'unavailable', message: 'Database down' });
    expect(navigator.url).toBe('/things/9');
    expect(state.get()).toMatchObject({ isOnline: false, loaded: true });
  });
});

describe('a failure while no one is signed in (issue 31 item 15)', () => {
  // The error routes need a signed-in user (spec §6): a visitor sees the page where they are instead.
  it.each([
    { answer: { status: 404, body: { message: 'Not found.' } }, page: '/error-404' },
    { answer: 'no-response' as const, page: '/error-no-connection' },
    { answer: { status: 500, body: { message: 'Server error' } }, page: '/error-500' },
    { answer: { status: 403, body: { message: 'Forbidden' } }, page: '/error-403' },
  ])('shows $page at the address the visitor is on, without going there', async ({ answer, page }) => {
    const { routes, navigator, state } = controller({ user: null, start: '/d/some-token', handler: () => answer });
    expect(await settled(routes.view$)).toEqual({ kind: 'errorPage', path: page });
    expect(navigator.url).toBe('/d/some-token');
    expect(navigator.history).toEqual([]);
    expect(state.get().loaded).toBe(true);
  });

  it('keeps the page shown until the visitor goes elsewhere, and a later failure there shows its own', async () => {
    let answer: 'no-response' | { status: number; body: unknown } = { status: 404, body: { message: 'Not found.' } };
    const { routes, navigator, views } = controller({ user: null, start: '/d/old', handler: () => answer });
    await settled(routes.view$);
    answer = { status: 200, body: { document: 1 } };
    navigator.push('/login');
    await new Promise((r) => setTimeout(r, 0));
    expect(views.at(-1)).toMatchObject({ kind: 'ready', match: { route: { path: '/login' } } });
    answer = 'no-response';
    navigator.push('/d/new');
    await new Promise((r) => setTimeout(r, 0));
    expect(views.at(-1)).toEqual({ kind: 'errorPage', path: '/error-no-connection' });
  });

  it('still goes to the error route for someone signed in', async () => {
    const { routes, navigator } = controller({ start: '/d/some-token', handler: () => 'no-response' });
    await settled(routes.view$);
    expect(navigator.url).toBe('/error-no-connection');
  });
});

describe('redirects before a screen opens', () => {
  it('gives /settings/holiday the current Hong Kong year when the query has none', async () => {
    const { navigator, clock, routes, transport } = controller({ start: '/settings/holiday', handler: () => ({ status: 200, body: [] }) });
    clock.date = new Date('2026-12-31T16:30:00Z'); // already 1 January 2027 in Hong Kong
    navigator.replace('/settings/holiday?view=list');
    await settled(routes.view$);
    expect(navigator.url).toBe('/settings/holiday?view=list&year=2027');
    expect(transport.requests.at(-1)).toMatchObject({ path: '/api/holidays', query: { view: 'list', year: '2027' } });
  });

  it('keeps the year the user asked for', async () => {
    const { routes, transport } = controller({ start: '/settings/holiday?year=2025', handler: () => ({ status: 200, body: [] }) });
    await settled(routes.view$);
    expect(transport.requests[0]).toMatchObject({ query: { year: '2025' } });
  });

  it('sends /calendar without appointment_view to /home', async () => {
    const { navigator, routes } = controller({ user: WORKER_WITHOUT_CALENDAR, start: '/calendar' });
    await settled(routes.view$);
    expect(navigator.url).toBe('/home');
  });

  it('replaces the refused address in the history, so Back does not land on it again', async () => {
    const { navigator, routes } = controller({ user: WORKER_WITHOUT_CALENDAR, start: '/calendar' });
    await settled(routes.view$);
    expect(navigator.history).toEqual([{ kind: 'replace', url: '/home' }]);
  });

  it('sends a signed-out visitor to /login', async () => {
    const { navigator, routes } = controller({ user: null, start: '/things' });
    const view = await settled(routes.view$);
    expect(navigator.url).toBe('/login?redirect=%2Fthings');
    expect(view.kind).toBe('ready');
  });

  it('shows the 404 page for an unknown path', async () => {
    const { routes } = controller({ start: '/nowhere' });
    expect((await settled(routes.view$)).kind).toBe('notFound');
  });
});

describe('a redirect that has gone stale', () => {
  it('is dropped when the app has moved on before it runs (sign-out goes to /login, not /login?redirect=…)', async () => {
    const { navigator, currentUser, routes } = controller({ start: '/calendar' });
    await settled(routes.view$);
    currentUser.clear();
    navigator.replace('/login');
    await new Promise((r) => setTimeout(r, 0));
    expect(navigator.url).toBe('/login');
  });
});

describe('typed screen data: the reply read by the screen’s decoder from the wire contract', () => {
  /** The `home` screen's decoder: `{ name: string }`, read into its name; loaded lazily like a part of the contract. */
  const readName: Decode<string> = (body) =>
    typeof body === 'object' && body !== null && typeof (body as { name?: unknown }).name === 'string' ? ok((body as { name: string }).name) : err(['name: expected string']);
  const decoders: ScreenDataDecoders = { decoderFor: (screen: ScreenKey) => (screen === 'home' ? Promise.resolve(readName as Decode<unknown>) : undefined) };

  it('gives the screen the decoded value', async () => {
    const { routes } = controller({ start: '/things/7', decoders, handler: () => ({ status: 200, body: { name: 'Ada' } }) });
    const view = await settled(routes.view$);
    expect(view.kind === 'ready' && view.data.value).toBe('Ada');
  });

  it('shows no screen for a reply that does not match: the error malformedReply and the server error page', async () => {
    const { routes, navigator, views } = controller({ start: '/things/7', decoders, handler: () => ({ status: 200, body: { name: 7 } }) });
    expect((await settled(routes.view$)).kind).toBe('notFound');
    expect(navigator.url).toBe('/error-500');
    expect(views.some((view) => view.kind === 'ready')).toBe(false);
  });

  it('leaves a screen without a decoder its reply as it came', async () => {
    const { routes } = controller({ start: '/calendar', decoders, handler: () => ({ status: 200, body: { name: 7 } }) });
    const view = await settled(routes.view$);
    expect(view.kind).toBe('ready');
  });
});

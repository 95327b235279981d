import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { AreaList } from '../../contract/lists';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { ADMIN } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';
import { BrowserSessions, Profile } from '../../contract/account';

const PROFILE = Profile.parse({ id: 1, name: 'Ada Chan', email: 'admin@example.com', language: 'en', version: 4, isAdmin: true, role: 'admin', branch: { nameEn: 'Head Office', nameZh: '總公司' }, twoFactor: 'off', photoUrl: null });

function backend(overrides: { put?: (request: ApiRequest) => { status: number; body: unknown } } = {}) {
  return (request: ApiRequest) => {
    if (request.path === '/api/user/profile' && request.method === 'GET') return { status: 200, body: { profile: PROFILE } };
    if (request.path === '/api/user/profile' && request.method === 'PUT') {
      if (overrides.put) return overrides.put(request);
      const input = request.body as typeof PROFILE;
      return { status: 200, body: { profile: { ...PROFILE, ...input, version: input.version + 1 }, user: { ...ADMIN, name: input.name, language: input.language } } };
    }
    // The profile's browser sessions section asks for them (read strictly: contract/account.ts).
    if (request.path === '/api/user/sessions') return { status: 200, body: BrowserSessions.parse({ sessions: [] }) };
    if (request.path === '/api/areas') {
      return {
        status: 200,
        body: AreaList.parse([
          { id: 1, nameEn: 'Central and Western', nameZh: '中西區', region: 'hk_island', sortOrder: 1, version: 1 },
          { id: 5, nameEn: 'Yau Tsim Mong', nameZh: '油尖旺區', region: 'kowloon', sortOrder: 5, version: 1 },
        ]),
      };
    }
    return { status: 200, body: { auth: true } };
  };
}

describe('profile screen (object reply merged into the screen)', () => {
  it('shows the profile loaded from /api/user/profile', async () => {
    renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    expect(await screen.findByLabelText('Name')).toHaveValue('Ada Chan');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByText('Head Office')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves, says so, and applies a new language at once', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada Chan 陳');
    await user.selectOptions(screen.getByLabelText('Preferred language'), 'zh-HK');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('個人資料已儲存。')).toBeInTheDocument();
    expect(screen.getByLabelText('姓名')).toHaveValue('Ada Chan 陳');
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Ada Chan 陳', email: 'admin@example.com', language: 'zh-HK', version: 4 });
  });

  it('shows every invalid field at once without calling the server', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    await user.clear(await screen.findByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('keeps what was typed when someone else saved first (409)', async () => {
    const user = userEvent.setup();
    const message = 'Someone else changed this record while you were editing. Your changes are kept; review them and save again.';
    renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend({ put: () => ({ status: 409, body: { message } }) }) });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'My edit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('My edit');
  });

  it('keeps the input when the database is unavailable (503), shows the offline banner, and drops it after a heartbeat once it is back', async () => {
    const user = userEvent.setup();
    const unavailable = 'The database cannot be reached just now. Nothing was saved; please try again shortly.';
    let databaseUp = true;
    const ok = backend();
    const { services } = renderSignedIn({
      start: '/user/profile',
      handler: (request) => (databaseUp ? ok(request) : { status: 503, body: { message: unavailable } }),
    });
    const heartbeat = services.get(HeartbeatService);
    await heartbeat.beat();
    const banner = 'Cannot reach the server. Changes cannot be saved until the connection is back.';
    const name = await screen.findByLabelText('Name');
    await user.type(name, ' edited');
    databaseUp = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(unavailable)).toBeInTheDocument();
    expect(screen.getByText(banner)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Chan edited');
    databaseUp = true;
    await heartbeat.beat();
    await waitFor(() => expect(screen.queryByText(banner)).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Chan edited');
  });

  it('shows the server’s message under the field it is about', async () => {
    const user = userEvent.setup();
    const taken = 'This email address is already used by another account.';
    renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend({ put: () => ({ status: 422, body: { message: taken, errors: { email: [taken] } } }) }) });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'sales@example.com');
    await user.type(screen.getByLabelText('Current password (needed to change the sign-in email)'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken);
  });
});

describe('changing the sign-in email', () => {
  it('asks for the current password only when the email changes, and sends it with the change', async () => {
    const user = userEvent.setup();
    const wrong = 'The provided password does not match your current password.';
    let answer: { status: number; body: unknown } | null = { status: 422, body: { message: wrong, errors: { current_password: [wrong] } } };
    const ok = backend();
    const { transport } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend({ put: (r) => answer ?? ok(r) }) });
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password (needed to change the sign-in email)')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const password = screen.getByLabelText('Current password (needed to change the sign-in email)');
    expect(password).toHaveAccessibleDescription('Enter your current password to change the email.');
    expect(password).toHaveFocus();
    expect(transport.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.type(password, 'Wrong0000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Current password (needed to change the sign-in email)')).toHaveAccessibleDescription(wrong));
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Ada Chan', email: 'ada@example.com', language: 'en', version: 4, current_password: 'Wrong0000' });

    answer = null;
    await user.clear(screen.getByLabelText('Current password (needed to change the sign-in email)'));
    await user.type(screen.getByLabelText('Current password (needed to change the sign-in email)'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Current password (needed to change the sign-in email)')).not.toBeInTheDocument());
    expect(transport.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({ email: 'ada@example.com', current_password: 'Admin1234' });
  });

  it('names the field in Traditional Chinese too', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/user/profile', user: { ...ADMIN, language: 'zh-HK' }, language: 'zh-HK', handler: backend() });
    const email = await screen.findByLabelText('電郵地址');
    await user.type(email, 'x');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(screen.getByLabelText('目前的密碼（更改登入電郵地址須輸入）')).toHaveAccessibleDescription('如要更改電郵地址，請輸入目前的密碼。');
  });
});

describe('leaving with unsaved changes', () => {
  it('asks first, with Cancel focused; staying keeps the edit, leaving goes', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    await user.type(await screen.findByLabelText('Name'), ' edited');
    await user.click(screen.getByRole('link', { name: 'Areas' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    // Staying is the main button; leaving loses the edit and is styled as destructive.
    expect(within(dialog).getByRole('button', { name: 'Stay on this page' })).toHaveClass('button-primary');
    expect(within(dialog).getByRole('button', { name: 'Leave without saving' })).toHaveClass('button-danger');
    expect(within(dialog).getByRole('button', { name: 'Leave without saving' })).not.toHaveClass('button-primary');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(navigator.current().path).toBe('/user/profile');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Chan edited');

    await user.click(screen.getByRole('link', { name: 'Areas' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(navigator.current().path).toBe('/settings/area'));
  });

  it('lets Escape cancel the question', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    await user.type(await screen.findByLabelText('Name'), '!');
    await user.click(screen.getByRole('link', { name: 'Areas' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(navigator.current().path).toBe('/user/profile');
  });

  it('does not ask once the changes are saved', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    await user.type(await screen.findByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile has been saved.');
    await user.click(screen.getByRole('link', { name: 'Areas' }));
    await waitFor(() => expect(navigator.current().path).toBe('/settings/area'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('the menu on a tablet (narrower than 1024 px, where it lies over the page)', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('closes once a screen is chosen from it, even when the user then stays for unsaved changes', async () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width: 1023px'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: backend() });
    await user.type(await screen.findByLabelText('Name'), '!');
    const toggle = screen.getByRole('button', { name: 'Show or hide the menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Areas' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stay on this page' }));
    expect(navigator.current().path).toBe('/user/profile');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });
});

describe('areas screen (array reply given as items)', () => {
  it('lists the areas with their region in the interface language', async () => {
    renderApp({ start: '/settings/area', user: ADMIN, language: 'zh-HK', handler: backend() });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('中西區')).toBeInTheDocument();
    expect(within(table).getByText('九龍')).toBeInTheDocument();
  });
});

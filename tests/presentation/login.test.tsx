import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

const FAILED = 'These credentials do not match our records.';

describe('sign-in screen', () => {
  it('opens in Traditional Chinese by default', async () => {
    renderApp({ start: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: '登入' })).toBeInTheDocument();
    expect(screen.getByLabelText('電郵地址')).toBeInTheDocument();
    expect(screen.getByLabelText('密碼')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-HK');
  });

  it('is where a signed-out visitor of / lands', async () => {
    const { navigator } = renderApp({ start: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: '登入' })).toBeInTheDocument();
    expect(navigator.current().path).toBe('/login');
  });

  it('switches to English at once', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/login' });
    await user.selectOptions(await screen.findByLabelText('語言'), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('shows every missing field at once and sends nothing', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/login', language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(transport.requests.filter((r) => r.path === '/api/login')).toEqual([]);
  });

  it('shows the server’s message for wrong credentials and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderApp({
      start: '/login',
      language: 'en',
      handler: (r) => (r.path === '/api/login' ? { status: 422, body: { message: FAILED, errors: { email: [FAILED] } } } : { status: 200, body: { auth: false } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(FAILED);
  });

  it('shows the server’s message when there have been too many attempts (429), keeping what was typed', async () => {
    const user = userEvent.setup();
    const throttled = 'Too many attempts. Please try again in 42 seconds.';
    renderApp({
      start: '/login',
      language: 'en',
      handler: (r) => (r.path === '/api/login' ? { status: 429, body: { message: throttled } } : { status: 200, body: { auth: false } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(throttled);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the 429 message in Traditional Chinese too', async () => {
    const user = userEvent.setup();
    const throttled = '嘗試次數過多，請於 42 秒後再試。';
    renderApp({
      start: '/login',
      handler: (r) => (r.path === '/api/login' ? { status: 429, body: { message: throttled } } : { status: 200, body: { auth: false } }),
    });
    await user.type(await screen.findByLabelText('電郵地址'), 'admin@example.com');
    await user.type(screen.getByLabelText('密碼'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(throttled);
  });

  it('says so plainly when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/login', language: 'en', handler: () => 'no-response' });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The server could not be reached. Check your connection and try again.')).toBeInTheDocument();
  });

  it('goes on to where the user was heading after signing in', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({
      start: '/login?redirect=%2Fhome',
      language: 'en',
      handler: (r) => (r.path === '/api/login' ? { status: 200, body: { user: { ...ADMIN, language: 'en' } } } : { status: 200, body: { auth: true } }),
    });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(navigator.current().path).toBe('/home'));
    expect(await screen.findByText(`Welcome, ${ADMIN.name}.`)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('explains that the session expired', async () => {
    renderApp({ start: '/login?session_expired=1', language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired, please log in again.');
  });
});

describe('signed-in frame', () => {
  it('lists the areas in the left menu and signs out to /login', async () => {
    const user = userEvent.setup();
    const { navigator, store } = renderApp({ start: '/home', user: ADMIN, language: 'en', handler: () => ({ status: 204, body: null }) });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveTextContent('Quotations');
    expect(menu).toHaveTextContent('Audit log');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(navigator.current().path).toBe('/login'));
    expect(store.user).toBeNull();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderApp({ start: '/nowhere', user: ADMIN, language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { ADMIN } from '../support/fakes';
import { renderApp } from './render';

/** The machine running these is busy: give findBy more time than its default second. */
const SLOW = { timeout: 10_000 };

/**
 * A server where two-factor is required of this user: they sign in with the password, set it up, and
 * from then on /api/user no longer says they must.
 */
function requiredBackend() {
  let on = false;
  return (r: ApiRequest) => {
    const user = { ...ADMIN, language: 'en', ...(on ? {} : { mustSetUpTwoFactor: true }) };
    if (r.path === '/api/login') return { status: 200, body: { user } };
    if (r.path === '/api/user') return { status: 200, body: { user } };
    if (r.path === '/api/user/two-factor-authentication' && r.method === 'GET') return { status: 200, body: { status: on ? 'on' : 'off' } };
    if (r.path === '/api/user/two-factor-authentication' && r.method === 'POST') {
      return { status: 200, body: { status: 'pending', secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } };
    }
    if (r.path === '/api/user/confirmed-two-factor-authentication') {
      on = true;
      return { status: 200, body: { status: 'on', recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } };
    }
    if (r.path === '/api/heartbeat') return { status: 200, body: on ? { auth: true } : { auth: true, two_factor_setup_required: true } };
    return { status: 200, body: { items: [] } };
  };
}

describe('two-factor required by the company', () => {
  it('leads a user without it to the setup at sign-in, keeps them there, and lets them on once it is on', async () => {
    const user = userEvent.setup();
    const { navigator, transport } = renderApp({ start: '/login?redirect=%2Fclients', language: 'en', handler: requiredBackend() });
    await user.type(await screen.findByLabelText('Email', undefined, SLOW), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' }, SLOW)).toBeInTheDocument();
    expect(navigator.current().path).toBe('/user/two-factor-setup');
    // Anything else leads back to the setup.
    navigator.push('/clients');
    await waitFor(() => expect(navigator.current().path).toBe('/user/two-factor-setup'), SLOW);

    const section = await screen.findByRole('region', { name: 'Two-factor authentication' }, SLOW);
    expect(within(section).queryByRole('button', { name: 'Disable' })).toBeNull();
    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Enable' }));
    await user.type(await within(section).findByLabelText('Code from the app', undefined, SLOW), '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    expect(await within(section).findByRole('list', { name: 'Recovery codes' }, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(navigator.current().path).not.toBe('/user/two-factor-setup'), SLOW);
    navigator.push('/clients');
    await waitFor(() => expect(navigator.current().path).toBe('/clients'), SLOW);
    expect(transport.requests.some((r) => r.path === '/api/user' && r.method === 'GET')).toBe(true);
  });

  it('leads a user already signed in there when the heartbeat says it became required, in Traditional Chinese', async () => {
    const { navigator, services } = renderApp({ start: '/home', user: ADMIN, handler: requiredBackend() });
    await services.get(HeartbeatService).beat();
    expect(await screen.findByRole('heading', { name: '設定雙重驗證' }, SLOW)).toBeInTheDocument();
    expect(navigator.current().path).toBe('/user/two-factor-setup');
    expect(screen.getByText('貴公司規定須使用雙重驗證。請先在下方完成設定才可繼續：您需要輸入密碼，並使用手機上的驗證器應用程式。')).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { ADMIN, createCore, globalTimer, WORKER_WITHOUT_CALENDAR } from '../support/fakes';

describe('what the user was typing when the session expired', () => {
  it('is kept when a call finds the session expired, and offered back to the same user', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 401, body: { message: 'expired', session_expired: true } }) });
    core.currentUser.restore();
    core.drafts.register('profile', () => ({ name: 'half-typed' }));
    await core.api.put('/api/user/profile', {});
    expect(core.navigator.url).toBe('/login?session_expired=1');
    core.currentUser.set(ADMIN);
    expect(core.drafts.take('profile')).toEqual({ name: 'half-typed' });
    expect(core.drafts.take('profile')).toBeNull();
  });

  it('is kept when the heartbeat reports the expiry', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 200, body: { auth: false, session_expired: true } }) });
    core.currentUser.restore();
    core.drafts.register('profile', () => ({ name: 'typed' }));
    await new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts).beat();
    core.currentUser.set(ADMIN);
    expect(core.drafts.take('profile')).toEqual({ name: 'typed' });
  });

  it('is never offered to someone else signing in on the same tab', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 401, body: { session_expired: true } }) });
    core.currentUser.restore();
    core.drafts.register('profile', () => ({ name: 'private' }));
    await core.api.get('/api/x');
    core.currentUser.set(WORKER_WITHOUT_CALENDAR);
    expect(core.drafts.take('profile')).toBeNull();
  });

  it('keeps nothing for a form without unsaved input, or after a plain sign-out', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 401, body: {} }) });
    core.currentUser.restore();
    core.drafts.register('clean', () => null);
    core.drafts.register('profile', () => ({ name: 'x' }));
    await core.api.get('/api/x');
    expect(core.draftStore.map.size).toBe(0);
  });
});

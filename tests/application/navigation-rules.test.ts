import { describe, expect, it } from 'vitest';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { createCore } from '../support/fakes';

function rules(start = '/clients/basic/1') {
  const core = createCore({ start });
  core.navigation.start();
  return core;
}

/** Waits until the confirmation dialog is up, then answers it. */
async function answer(confirmation: ConfirmationService, confirmed: boolean) {
  await new Promise<void>((resolve) => {
    const sub = confirmation.request$.subscribe((request) => {
      if (request) {
        queueMicrotask(() => sub.unsubscribe());
        resolve();
      }
    });
  });
  confirmation.answer(confirmed);
}

describe('navigation rules (spec §2)', () => {
  it('resets the selected tab to the first when the path changes', async () => {
    const { navigation, state } = rules();
    state.set({ selectedTab: 3 });
    await navigation.navigate('/clients/order/1');
    expect(state.get().selectedTab).toBe(0);
  });

  it('keeps the selected tab when only the query changes', async () => {
    const { navigation, state } = rules();
    state.set({ selectedTab: 2 });
    await navigation.navigate('/clients/basic/1?page=2');
    expect(state.get().selectedTab).toBe(2);
  });

  it('clears a shown notification title after each navigation', async () => {
    const { navigation, state } = rules();
    state.set({ notification: { title: 'Saved', type: 'success' } });
    await navigation.navigate('/clients/basic/1?page=2');
    expect(state.get().notification.title).toBe('');
  });
});

describe('unsaved changes', () => {
  it('leaves at once when there is nothing unsaved', async () => {
    const { navigation, navigator } = rules();
    expect(await navigation.navigate('/clients')).toBe(true);
    expect(navigator.url).toBe('/clients');
  });

  it('asks before leaving; cancelling stays with the changes', async () => {
    const { navigation, navigator, state, confirmation } = rules();
    state.set({ unsavedChanges: true });
    const leaving = navigation.navigate('/clients');
    await answer(confirmation, false);
    expect(await leaving).toBe(false);
    expect(navigator.url).toBe('/clients/basic/1');
    expect(state.get().unsavedChanges).toBe(true);
  });

  it('asks before leaving; confirming leaves and clears the flag', async () => {
    const { navigation, navigator, state, confirmation } = rules();
    state.set({ unsavedChanges: true });
    const leaving = navigation.navigate('/clients');
    await answer(confirmation, true);
    expect(await leaving).toBe(true);
    expect(navigator.url).toBe('/clients');
    expect(state.get().unsavedChanges).toBe(false);
  });

  it('guards the back button too, and only while there are unsaved changes', async () => {
    const { navigator, state, confirmation } = rules();
    expect(navigator.guard).toBeNull();
    state.set({ unsavedChanges: true });
    expect(navigator.guard).not.toBeNull();
    const back = navigator.pop('/clients');
    await answer(confirmation, false);
    await back;
    expect(navigator.url).toBe('/clients/basic/1');
    state.set({ unsavedChanges: false });
    expect(navigator.guard).toBeNull();
  });
});

describe('ConfirmationService', () => {
  it('answers an open question with cancel when a new one is asked', async () => {
    const confirmation = new ConfirmationService();
    const first = confirmation.ask({ kind: 'delete', values: { name: 'A' } });
    const second = confirmation.ask({ kind: 'unsavedChanges' });
    expect(await first).toBe(false);
    confirmation.answer(true);
    expect(await second).toBe(true);
  });
});

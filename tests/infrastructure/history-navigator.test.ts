import { describe, expect, it } from 'vitest';
import type { AppLocation } from '../../application/ports/Navigator';
import { BrowserHistoryNavigator } from '../../infrastructure/navigation/BrowserHistoryNavigator';

type Listener = (event: { preventDefault: () => void; returnValue?: unknown }) => void;

/** Just enough of a browser window: an address, a history with back, and events. */
class FakeWindow {
  readonly location = { pathname: '/', search: '', hash: '' };
  private entries: string[];
  private index = 0;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(start: string) {
    this.entries = [start];
    this.show(start);
  }

  readonly history = {
    pushState: (_state: unknown, _title: string, url: string) => {
      this.entries = [...this.entries.slice(0, this.index + 1), url];
      this.index += 1;
      this.show(url);
    },
    replaceState: (_state: unknown, _title: string, url: string) => {
      this.entries[this.index] = url;
      this.show(url);
    },
  };

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** The browser's back button: the address changes first, then popstate fires. */
  back(): void {
    this.index -= 1;
    this.show(this.entries[this.index] ?? '/');
    this.fire('popstate');
  }

  /** Closing the tab: whether a listener asked the browser to prompt. */
  close(): boolean {
    let prompted = false;
    this.fire('beforeunload', () => (prompted = true));
    return prompted;
  }

  get address(): string {
    return this.location.pathname + this.location.search;
  }

  private fire(type: string, preventDefault: () => void = () => undefined): void {
    for (const listener of this.listeners.get(type) ?? []) listener({ preventDefault });
  }

  private show(url: string): void {
    const [path = '/', query] = url.split('?');
    this.location.pathname = path;
    this.location.search = query ? `?${query}` : '';
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const win = new FakeWindow('/clients');
  const navigator = new BrowserHistoryNavigator(win as unknown as Window);
  navigator.push('/clients/basic/1');
  return { win, navigator };
}

describe('BrowserHistoryNavigator and the leave guard (unsaved changes)', () => {
  it('follows the back button when nothing is unsaved', async () => {
    const { win, navigator } = setUp();
    win.back();
    await settle();
    expect(navigator.current()).toEqual({ path: '/clients', search: '' });
  });

  it('asks the guard on Back; staying puts the address back and keeps the screen', async () => {
    const { win, navigator } = setUp();
    const asked: AppLocation[] = [];
    navigator.setLeaveGuard((to) => {
      asked.push(to);
      return Promise.resolve(false);
    });
    win.back();
    await settle();
    expect(asked).toEqual([{ path: '/clients', search: '' }]);
    expect(win.address).toBe('/clients/basic/1');
    expect(navigator.current()).toEqual({ path: '/clients/basic/1', search: '' });
  });

  it('asks the guard on Back; leaving goes where Back was going', async () => {
    const { win, navigator } = setUp();
    navigator.setLeaveGuard(() => Promise.resolve(true));
    win.back();
    await settle();
    expect(win.address).toBe('/clients');
    expect(navigator.current()).toEqual({ path: '/clients', search: '' });
  });

  it('asks the browser to prompt before the tab closes only while a guard is set', () => {
    const { win, navigator } = setUp();
    expect(win.close()).toBe(false);
    navigator.setLeaveGuard(() => Promise.resolve(false));
    expect(win.close()).toBe(true);
    navigator.setLeaveGuard(null);
    expect(win.close()).toBe(false);
  });
});

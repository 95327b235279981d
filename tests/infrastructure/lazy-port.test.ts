import { okAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../application/api/ApiError';
import { lazyPort } from '../../infrastructure/composition/lazyPort';

interface Greeter {
  greet(name: string): ResultAsync<string, ApiError>;
}

describe('lazyPort: an adapter loaded on first use', () => {
  it('loads the adapter once, when the port is made, and forwards every call to it', async () => {
    let loads = 0;
    const port = lazyPort<Greeter>(() => {
      loads += 1;
      return Promise.resolve({ greet: (name: string) => okAsync(`你好, ${name}`) });
    });
    expect(loads).toBe(1);
    expect((await port.greet('Ada'))._unsafeUnwrap()).toBe('你好, Ada');
    expect((await port.greet('Bo'))._unsafeUnwrap()).toBe('你好, Bo');
    expect(loads).toBe(1);
  });

  it('makes a load that fails the error network, and tries again at the next call', async () => {
    let fail = true;
    const port = lazyPort<Greeter>(() => (fail ? Promise.reject(new Error('chunk not reached')) : Promise.resolve({ greet: (name: string) => okAsync(name) })));
    expect((await port.greet('Ada'))._unsafeUnwrapErr()).toEqual({ code: 'network' });
    fail = false;
    expect((await port.greet('Ada'))._unsafeUnwrap()).toBe('Ada');
  });

  it('is not mistaken for a promise (inversify and await look for then)', async () => {
    const port = lazyPort<Greeter>(() => Promise.resolve({ greet: (name: string) => okAsync(name) }));
    expect((port as unknown as { then?: unknown }).then).toBeUndefined();
    expect(await Promise.resolve(port)).toBe(port);
  });
});

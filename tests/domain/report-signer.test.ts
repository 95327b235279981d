import { describe, expect, it } from 'vitest';
import { creditedSigner } from '../../domain/appointments/report';

describe('creditedSigner: who a worker signature is credited to', () => {
  it('takes the named worker when they work the visit', () => {
    expect(creditedSigner(7, 1, [5, 7])._unsafeUnwrap()).toBe(7);
  });
  it('refuses a named user who does not work the visit, or a name that is no user id', () => {
    expect(creditedSigner(9, 1, [5, 7])._unsafeUnwrapErr()).toEqual({ code: 'signerNotWorker' });
    expect(creditedSigner(null, 5, [5, 7])._unsafeUnwrapErr()).toEqual({ code: 'signerNotWorker' });
  });
  it('without a name: the signed-in user when they work the visit or it has no worker', () => {
    expect(creditedSigner(undefined, 5, [5, 7])._unsafeUnwrap()).toBe(5);
    expect(creditedSigner(undefined, 5, [])._unsafeUnwrap()).toBe(5);
  });
  it('without a name: the only worker, or a choice to make among several', () => {
    expect(creditedSigner(undefined, 1, [7])._unsafeUnwrap()).toBe(7);
    expect(creditedSigner(undefined, 1, [5, 7])._unsafeUnwrapErr()).toEqual({ code: 'signerRequired' });
  });
});

import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { KeptCompletion } from '../../application/ports/CompletionOutbox';
import { IdbCompletionOutbox } from '../../infrastructure/storage/IdbCompletionOutbox';

/* The worker's outbox in IndexedDB (fake-indexeddb in Node): kept completions, photos and signatures as Blobs. */

const kept = (key: string, keptAt: string, photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' })): KeptCompletion => ({
  key,
  keptAt,
  client: { nameEn: 'Golden Dragon', nameZh: '金龍酒家' },
  state: 'waiting',
  completion: {
    key,
    appointmentId: 12,
    date: '2026-11-23',
    version: 2,
    report: { workDone: 'Gel applied', findings: 'Droppings', productsUsed: [], clientSigner: 'Mrs Wong', version: 2 },
    photos: [{ photo, name: 'sink.jpg', tag: 'before' }],
    clientSignature: new Blob(['client png'], { type: 'image/png' }),
    workerSignature: new Blob(['worker png'], { type: 'image/png' }),
    workerSignerId: 3,
    confirmFuture: false,
  },
});

describe('the outbox in IndexedDB', () => {
  it('keeps completions oldest first with their photos and signatures as Blobs, replaces by key, removes, and is there again when reopened', async () => {
    const name = `outbox-${Math.random()}`;
    const outbox = new IdbCompletionOutbox(name);
    expect((await outbox.put(kept('b', '2026-11-23T10:00:00.000Z'))).isOk()).toBe(true);
    await outbox.put(kept('a', '2026-11-23T09:00:00.000Z', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' })));
    await outbox.put({ ...kept('b', '2026-11-23T10:00:00.000Z'), state: 'refused', problem: { code: 'validation', message: 'No', fields: {} } });

    const again = (await new IdbCompletionOutbox(name).all())._unsafeUnwrap();
    expect(again.map((k) => [k.key, k.state])).toEqual([
      ['a', 'waiting'],
      ['b', 'refused'],
    ]);
    const photo = again[0]!.completion.photos[0]!.photo;
    expect(photo).toBeInstanceOf(Blob);
    expect([photo.type, [...new Uint8Array(await photo.arrayBuffer())]]).toEqual(['image/jpeg', [0xff, 0xd8, 0xff, 1, 2, 3]]);
    expect(await again[0]!.completion.workerSignature.text()).toBe('worker png');

    await outbox.remove('a');
    expect((await outbox.all())._unsafeUnwrap().map((k) => k.key)).toEqual(['b']);
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default: on a busy two-core machine (CI beside other work)
// a lazily loaded screen can take longer than that to appear, and a test failed that would have
// passed a moment later. A generous bound costs nothing when the screen is there in time.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// The test files of a worker share one document (isolate: false in vite.config.ts): each file leaves
// it as it found it, so no file sees another's title, language or leftovers.
afterAll(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
});

// jsdom has <dialog> but not its modal methods; Chromium's real behaviour is covered end to end.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype && HTMLDialogElement.prototype.showModal)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
}

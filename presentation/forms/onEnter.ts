import type { KeyboardEvent } from 'react';

/** A field's key handler that runs `action` on Enter instead of submitting the form it is in (e.g. a search inside a form). */
export function onEnter(action: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };
}

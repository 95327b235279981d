declare const serviceType: unique symbol;

/**
 * A typed inversify service identifier for a port (an interface has no runtime value to bind to).
 * The phantom type lets `useService(Token)` and the composition root know what the token yields.
 */
export type Token<T> = symbol & { readonly [serviceType]?: T };

export function token<T>(description: string): Token<T> {
  return Symbol(description);
}

/** What can name a service: a port's token, or an application class (its own identifier). */
export type ServiceKey<T> = Token<T> | (abstract new (...args: never[]) => T);

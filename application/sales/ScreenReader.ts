import type { Result, ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { ErrorPolicy } from '../api/ErrorPolicy';

type Reply = Readonly<Record<string, unknown>>;

/**
 * A screen's data read once per reply: the same promise for every render of the same reply (React's
 * `use`), and a reply that does not match the wire goes through the error policy (the 500 page).
 */
export class ScreenReader<T> {
  private readonly read = new WeakMap<Reply, Promise<Result<T, ApiError>>>();

  constructor(
    private readonly decode: (reply: Reply) => ResultAsync<T, ApiError>,
    private readonly policy: Pick<ErrorPolicy, 'apply'>,
  ) {}

  open(reply: Reply): Promise<Result<T, ApiError>> {
    let opened = this.read.get(reply);
    if (!opened) {
      opened = Promise.resolve(
        this.decode(reply).mapErr((error) => {
          this.policy.apply(error);
          return error;
        }),
      );
      this.read.set(reply, opened);
    }
    return opened;
  }
}

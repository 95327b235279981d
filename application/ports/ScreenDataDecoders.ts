import type { Decode } from '../api/ApiClient';
import { token } from '../di/token';
import type { ScreenKey } from '../navigation/routes';

/**
 * How a screen's data is read from its route's API reply (spec §2): per screen, a decoder made from
 * the wire contract by the HTTP adapters (infrastructure/http/screenData.ts). A screen without one
 * gets the reply as it came (`ScreenData.value` unknown); a reply its decoder refuses is the error
 * `malformedReply` (the 500 page), never a screen with silent defaults.
 */
export interface ScreenDataDecoders {
  /** The screen's decoder (loaded with its part of the contract, beside the request), or undefined when it has none. */
  decoderFor(screen: ScreenKey): PromiseLike<Decode<unknown>> | undefined;
}

export const ScreenDataDecoders = token<ScreenDataDecoders>('ScreenDataDecoders');

/** No decoders: every screen gets its reply as it came. */
export const NO_SCREEN_DATA_DECODERS: ScreenDataDecoders = { decoderFor: () => undefined };

import type { Decode } from '../../../application/api/ApiClient';
import type { TwoFactorSetupData } from '../../../application/account/AccountService';
import type { ApiTokenList } from '../../../application/ports/ApiTokens';
import type { ProfileScreenData } from '../../../application/profile/ProfileService';
import { ApiTokens, ProfileReply, TwoFactorState } from '../../../contract/account';
import { decoderOf } from '../wire';

/** The account screens' data read from their route's reply (contract/account.ts), loaded with the first such screen (SCREEN_DECODERS). */
export const apiTokens: Decode<ApiTokenList> = decoderOf(ApiTokens);

export const profile: Decode<ProfileScreenData> = decoderOf(ProfileReply);

export const twoFactorSetup: Decode<TwoFactorSetupData> = decoderOf(TwoFactorState);

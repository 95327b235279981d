import type { Decode } from '../../../application/api/ApiClient';
import type { AppointmentCreateData, AppointmentScreenData } from '../../../application/appointments/appointment';
import { AppointmentScreenReply, CreateScreenReply } from '../../../contract/appointments';
import { decoderOf } from '../wire';

/** The calendar's screens' data, read by the wire contract (loaded with those screens: SCREEN_DECODERS). */
export const appointmentCreate: Decode<AppointmentCreateData> = decoderOf(CreateScreenReply);
export const appointment: Decode<AppointmentScreenData> = decoderOf(AppointmentScreenReply);

import { sql } from 'kysely';
import type { IsoDate } from '../../domain/time/dates';
import type { Db } from '../sales/caller';

/** SQL of the PDFs' own reads (the records themselves come through their areas' services). */

/** A visit's row by its id: its appointment and day. */
export const visitById = (db: Db, id: number) =>
  db.selectFrom('appointment_visits').select(['id', 'appointment_id', sql<IsoDate>`date::text`.as('day')]).where('id', '=', id).executeTakeFirst();

/** The appointment (series) row by its id, whoever asks (the caller checked who may see it). */
export const appointmentById = (db: Db, id: number) => db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst();

/** Every photo of a visit's report, oldest first: its name, type and stored file. */
export const visitPhotos = (db: Db, visitId: number) =>
  db
    .selectFrom('attachments')
    .select(['id', 'display_name', 'content_type', 'file_key', 'branch_id', 'uploaded_by', 'photo_tag'])
    .where('owner_type', '=', 'report')
    .where('owner_id', '=', visitId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

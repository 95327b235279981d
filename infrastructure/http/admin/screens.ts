/**
 * The decoders of the administration screens' data (Settings → Users, Roles, Audit log), loaded with
 * those screens (SCREEN_DECODERS in ../screenData.ts): each reply read by its wire contract.
 */
import { AuditList } from '../../../contract/audits';
import { RoleFormData, RoleList } from '../../../contract/roles';
import { UserFormData, UserList } from '../../../contract/users';
import { decoderOf } from '../wire';

export const users = decoderOf(UserList);
export const userForm = decoderOf(UserFormData);
export const roles = decoderOf(RoleList);
export const roleForm = decoderOf(RoleFormData);
export const audit = decoderOf(AuditList);

/** The administration records as the screens receive them, with small decoders (unknown fields dropped). */
type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const nullableInt = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = <T>(v: unknown, decode: (x: Json) => T): T[] => (Array.isArray(v) ? v.filter(isRecord).map(decode) : []);

export interface OrderTerm {
  readonly id: number;
  readonly titleEn: string;
  readonly titleZh: string;
  readonly bodyEn: string;
  readonly bodyZh: string;
  readonly appliesTo: 'quotation' | 'order' | 'both';
  readonly sortOrder: number;
  readonly active: boolean;
  readonly version: number;
}
export const decodeTerms = (v: unknown): OrderTerm[] =>
  list(v, (r) => ({
    id: int(r.id),
    titleEn: str(r.titleEn),
    titleZh: str(r.titleZh),
    bodyEn: str(r.bodyEn),
    bodyZh: str(r.bodyZh),
    appliesTo: r.appliesTo === 'quotation' || r.appliesTo === 'order' ? r.appliesTo : 'both',
    sortOrder: int(r.sortOrder),
    active: r.active !== false,
    version: int(r.version),
  }));

export interface OptionItem {
  readonly id: number;
  readonly value: string;
  readonly labelEn: string;
  readonly labelZh: string;
  readonly sortOrder: number;
  readonly active: boolean;
  readonly version: number;
}
export const decodeOptionItems = (v: unknown): OptionItem[] =>
  list(v, (r) => ({ id: int(r.id), value: str(r.value), labelEn: str(r.labelEn), labelZh: str(r.labelZh), sortOrder: int(r.sortOrder), active: r.active !== false, version: int(r.version) }));

export interface AreaItem {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly region: 'hk_island' | 'kowloon' | 'new_territories';
  readonly sortOrder: number;
  readonly version: number;
}
export const decodeAreaItems = (v: unknown): AreaItem[] =>
  list(v, (r) => ({
    id: int(r.id),
    nameEn: str(r.nameEn),
    nameZh: str(r.nameZh),
    region: r.region === 'kowloon' || r.region === 'new_territories' ? r.region : 'hk_island',
    sortOrder: int(r.sortOrder),
    version: int(r.version),
  }));

export interface Holiday {
  readonly id: number;
  readonly date: string;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly version: number;
}
export const decodeHolidays = (v: unknown): Holiday[] => list(v, (r) => ({ id: int(r.id), date: str(r.date), nameEn: str(r.nameEn), nameZh: str(r.nameZh), version: int(r.version) }));

export interface CodeSetting {
  readonly key: string;
  readonly kind: 'prefix' | 'number';
  readonly value: string;
  readonly version: number;
}
export const decodeCodes = (v: unknown): CodeSetting[] => list(v, (r) => ({ key: str(r.key), kind: r.kind === 'number' ? 'number' : 'prefix', value: str(r.value), version: int(r.version) }));

export interface AuditEntry {
  readonly id: number;
  readonly at: string;
  readonly userName: string | null;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: string | null;
  readonly changes: unknown;
  readonly ip: string | null;
}
export const decodeAudits = (v: unknown): AuditEntry[] =>
  list(v, (r) => ({
    id: int(r.id),
    at: str(r.at),
    userName: typeof r.userName === 'string' ? r.userName : null,
    action: str(r.action),
    entityType: str(r.entityType),
    entityId: typeof r.entityId === 'string' ? r.entityId : null,
    changes: r.changes,
    ip: typeof r.ip === 'string' ? r.ip : null,
  }));

export interface NamedRef {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
}
export const decodeNamed = (v: unknown): NamedRef[] => list(v, (r) => ({ id: int(r.id), nameEn: str(r.nameEn), nameZh: str(r.nameZh) }));

export interface UserRow {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string | null;
  readonly role: string | null;
  readonly branch: { readonly nameEn: string; readonly nameZh: string } | null;
}
export const decodeUserRows = (v: unknown): UserRow[] =>
  list(v, (r) => ({
    id: int(r.id),
    name: str(r.name),
    email: str(r.email),
    isAdmin: r.isAdmin === true,
    active: r.active === true,
    calendarColor: typeof r.calendarColor === 'string' ? r.calendarColor : null,
    role: typeof r.role === 'string' ? r.role : null,
    branch: isRecord(r.branch) ? { nameEn: str(r.branch.nameEn), nameZh: str(r.branch.nameZh) } : null,
  }));

export interface AdminUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly language: string;
  readonly roleId: number | null;
  readonly branchId: number | null;
  readonly isAdmin: boolean;
  readonly active: boolean;
  readonly calendarColor: string | null;
  readonly commissionRateBp: number | null;
  readonly twoFactor: boolean;
  readonly version: number;
}
export const decodeAdminUser = (v: unknown): AdminUser | null =>
  isRecord(v) && typeof v.id === 'number'
    ? {
        id: v.id,
        name: str(v.name),
        email: str(v.email),
        language: str(v.language),
        roleId: nullableInt(v.roleId),
        branchId: nullableInt(v.branchId),
        isAdmin: v.isAdmin === true,
        active: v.active === true,
        calendarColor: typeof v.calendarColor === 'string' ? v.calendarColor : null,
        commissionRateBp: nullableInt(v.commissionRateBp),
        twoFactor: v.twoFactor === true,
        version: int(v.version),
      }
    : null;

export interface RoleRef {
  readonly id: number;
  readonly name: string;
}
export const decodeRoleRefs = (v: unknown): RoleRef[] => list(v, (r) => ({ id: int(r.id), name: str(r.name) }));

export interface Role {
  readonly id: number;
  readonly name: string;
  readonly permissions: readonly string[];
  readonly userCount: number;
  readonly version: number;
}
export const decodeRole = (v: unknown): Role | null =>
  isRecord(v) && typeof v.id === 'number'
    ? { id: v.id, name: str(v.name), permissions: Array.isArray(v.permissions) ? v.permissions.filter((p): p is string => typeof p === 'string') : [], userCount: int(v.userCount), version: int(v.version) }
    : null;
export const decodeRoles = (v: unknown): Role[] => (Array.isArray(v) ? v.map(decodeRole).filter((r): r is Role => r !== null) : []);

export interface Company {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly addressEn: string;
  readonly addressZh: string;
  readonly phone: string;
  readonly fax: string;
  readonly email: string;
  readonly website: string;
  readonly brNumber: string;
  /** The company's own document number prefixes ('' = the one under Settings → Codes). */
  readonly quotationPrefix: string;
  readonly invoicePrefix: string;
  readonly receiptPrefix: string;
  readonly refundPrefix: string;
  readonly logoUrl: string | null;
  readonly chopUrl: string | null;
  readonly version: number;
}
export const decodeCompany = (v: unknown): Company | null =>
  isRecord(v) && typeof v.id === 'number'
    ? {
        id: v.id,
        nameEn: str(v.nameEn),
        nameZh: str(v.nameZh),
        addressEn: str(v.addressEn),
        addressZh: str(v.addressZh),
        phone: str(v.phone),
        fax: str(v.fax),
        email: str(v.email),
        website: str(v.website),
        brNumber: str(v.brNumber),
        quotationPrefix: str(v.quotationPrefix),
        invoicePrefix: str(v.invoicePrefix),
        receiptPrefix: str(v.receiptPrefix),
        refundPrefix: str(v.refundPrefix),
        logoUrl: typeof v.logoUrl === 'string' ? v.logoUrl : null,
        chopUrl: typeof v.chopUrl === 'string' ? v.chopUrl : null,
        version: int(v.version),
      }
    : null;

export interface Branch {
  readonly id: number;
  readonly companyId: number;
  readonly nameEn: string;
  readonly nameZh: string;
  readonly address: string;
  readonly phone: string;
  readonly version: number;
}
export const decodeBranch = (v: unknown): Branch | null =>
  isRecord(v) && typeof v.id === 'number'
    ? { id: v.id, companyId: int(v.companyId), nameEn: str(v.nameEn), nameZh: str(v.nameZh), address: str(v.address), phone: str(v.phone), version: int(v.version) }
    : null;
export const decodeBranchRows = (v: unknown) =>
  list(v, (r) => ({
    id: int(r.id),
    nameEn: str(r.nameEn),
    nameZh: str(r.nameZh),
    address: str(r.address),
    phone: str(r.phone),
    company: isRecord(r.company) ? { nameEn: str(r.company.nameEn), nameZh: str(r.company.nameZh) } : null,
  }));

/** The administration records as the screens receive them, with small decoders (unknown fields dropped). */
type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
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

export interface NamedRef {
  readonly id: number;
  readonly nameEn: string;
  readonly nameZh: string;
}
export const decodeNamed = (v: unknown): NamedRef[] => list(v, (r) => ({ id: int(r.id), nameEn: str(r.nameEn), nameZh: str(r.nameZh) }));

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

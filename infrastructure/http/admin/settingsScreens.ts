import * as z from 'zod/mini';
import { AreaList, CodesReply, HolidayList, OptionList, OrderTermList } from '../../../contract/lists';
import { BranchList, BranchPage, CompanyList, CompanyReply, NewBranchPage, NewCompanyPage } from '../../../contract/organisation';
import { decoderOf } from '../wire';

/** The Settings list and organisation screens' data, decoded by the wire contract (loaded with the first such screen). */
export const SETTINGS_SCREEN_DECODERS = {
  areas: decoderOf(AreaList),
  orderTerms: decoderOf(OrderTermList),
  options: decoderOf(OptionList),
  holidays: decoderOf(HolidayList),
  codes: decoderOf(CodesReply),
  companies: decoderOf(CompanyList),
  /** A company's form, or a new company's (nothing). */
  companyForm: decoderOf(z.union([CompanyReply, NewCompanyPage])),
  branches: decoderOf(BranchList),
  /** A branch's form, or a new branch's (the companies). */
  branchForm: decoderOf(z.union([BranchPage, NewBranchPage])),
};

import { describe, expect, it } from 'vitest';
import { roleListOffers, userListOffers } from '../../application/admin/offers';
import { organisationFormOffers, organisationListOffers } from '../../application/admin/organisation';
import { GRANTABLE } from '../../application/admin/RoleAdmin';
import { appointmentOffers, calendarOffers } from '../../application/appointments/calendar';
import { clientListOffers, clientOffers } from '../../application/clients/offers';
import { catalogueFormOffers, catalogueOffers } from '../../application/products/products';
import { orderListOffers, quotationListOffers } from '../../application/sales/offers';
import { ALL_PERMISSIONS, type Permission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { ADMIN } from '../support/fakes';

/** A signed-in user who is not an administrator, holding only these rights. */
const withRights = (...permissions: Permission[]): User => ({ ...ADMIN, isAdmin: false, role: { id: 3, name: 'office', permissions } });
const RECORD = { id: 7, version: 1 };

describe('what the products and categories screens offer (catalogueOffers, catalogueFormOffers)', () => {
  it('offers a new product or category by product_create; nothing to no one; everything to an administrator', () => {
    expect(catalogueOffers(withRights('product_view', 'product_create'))).toEqual({ create: true });
    expect(catalogueOffers(withRights('product_view', 'product_edit', 'product_delete'))).toEqual({ create: false });
    expect(catalogueOffers(null)).toEqual({ create: false });
    expect(catalogueOffers(ADMIN)).toEqual({ create: true });
  });

  it('lets a new record be saved by product_create and an existing one by product_edit; deletes only an existing one, by product_delete', () => {
    const creator = withRights('product_view', 'product_create', 'product_delete');
    expect(catalogueFormOffers(creator, null)).toEqual({ edit: true, delete: false });
    expect(catalogueFormOffers(creator, RECORD)).toEqual({ edit: false, delete: true });
    expect(catalogueFormOffers(withRights('product_view', 'product_edit'), RECORD)).toEqual({ edit: true, delete: false });
    expect(catalogueFormOffers(withRights('product_view', 'product_edit'), null)).toEqual({ edit: false, delete: false });
    expect(catalogueFormOffers(ADMIN, RECORD)).toEqual({ edit: true, delete: true });
    expect(catalogueFormOffers(null, RECORD)).toEqual({ edit: false, delete: false });
  });
});

describe('what the sales lists offer (quotationListOffers, orderListOffers)', () => {
  it('offers a new quotation by quotation_create and a new invoice by order_create, each on its own', () => {
    const quoter = withRights('quotation_view', 'quotation_create', 'order_view');
    expect(quotationListOffers(quoter)).toEqual({ create: true });
    expect(orderListOffers(quoter)).toEqual({ create: false });
    const invoicer = withRights('order_view', 'order_create');
    expect(quotationListOffers(invoicer)).toEqual({ create: false });
    expect(orderListOffers(invoicer)).toEqual({ create: true });
    expect([quotationListOffers(null), orderListOffers(null)]).toEqual([{ create: false }, { create: false }]);
  });
});

describe('what the clients screens offer (clientListOffers, clientOffers)', () => {
  it('offers a new client by client_create', () => {
    expect(clientListOffers(withRights('client_view', 'client_create'))).toEqual({ create: true });
    expect(clientListOffers(withRights('client_view', 'client_edit'))).toEqual({ create: false });
  });

  it('offers editing and deleting by the client rights, and shows each document tab only to who may view its documents', () => {
    const basic = ['basic', 'appointment', 'attachment'];
    expect(clientOffers(withRights('client_view'))).toEqual({ edit: false, delete: false, tabs: basic });
    expect(clientOffers(withRights('client_view', 'client_edit', 'quotation_view'))).toEqual({ edit: true, delete: false, tabs: ['basic', 'quotation', 'appointment', 'attachment'] });
    expect(clientOffers(withRights('client_view', 'client_delete', 'order_view'))).toEqual({ edit: false, delete: true, tabs: ['basic', 'order', 'appointment', 'attachment', 'statement'] });
    expect(clientOffers(ADMIN)).toEqual({ edit: true, delete: true, tabs: ['basic', 'quotation', 'order', 'appointment', 'attachment', 'statement'] });
  });
});

describe('what the calendar and an appointment offer (calendarOffers, appointmentOffers)', () => {
  it('offers booking by appointment_create and moving visits by appointment_edit', () => {
    expect(calendarOffers(withRights('appointment_view', 'appointment_create'))).toEqual({ create: true, edit: false });
    expect(calendarOffers(withRights('appointment_view', 'appointment_edit'))).toEqual({ create: false, edit: true });
    expect(calendarOffers(null)).toEqual({ create: false, edit: false });
  });

  it('offers linking an invoice only to who may both edit the appointment and see invoices; creating one by order_create alone; the invoice tab by order_view', () => {
    expect(appointmentOffers(withRights('appointment_view', 'appointment_edit', 'order_view'))).toEqual({ edit: true, delete: false, linkOrder: true, createOrder: false, invoiceTab: true });
    expect(appointmentOffers(withRights('appointment_view', 'appointment_edit'))).toEqual({ edit: true, delete: false, linkOrder: false, createOrder: false, invoiceTab: false });
    expect(appointmentOffers(withRights('appointment_view', 'order_view', 'order_create', 'appointment_delete'))).toEqual({ edit: false, delete: true, linkOrder: false, createOrder: true, invoiceTab: true });
    expect(appointmentOffers(ADMIN)).toEqual({ edit: true, delete: true, linkOrder: true, createOrder: true, invoiceTab: true });
  });
});

describe('what the Settings screens of companies, branches, roles and users offer', () => {
  it('offers a new company or branch by its own right to create', () => {
    const companies = withRights('company_view', 'company_create', 'branch_view');
    expect(organisationListOffers(companies, 'companies')).toEqual({ create: true });
    expect(organisationListOffers(companies, 'branches')).toEqual({ create: false });
    expect(organisationListOffers(withRights('branch_view', 'branch_create'), 'branches')).toEqual({ create: true });
  });

  it('lets a company or branch form save by the right to create (new) or edit (existing), and delete an existing one', () => {
    const editor = withRights('branch_view', 'branch_edit', 'branch_delete', 'company_create');
    expect(organisationFormOffers(editor, 'branches', RECORD)).toEqual({ edit: true, delete: true });
    expect(organisationFormOffers(editor, 'branches', null)).toEqual({ edit: false, delete: false });
    expect(organisationFormOffers(editor, 'companies', null)).toEqual({ edit: true, delete: false });
    expect(organisationFormOffers(editor, 'companies', RECORD)).toEqual({ edit: false, delete: false });
  });

  it('offers a new role by role_create and the two-factor policy by role_edit; a new user by user_create', () => {
    expect(roleListOffers(withRights('role_view', 'role_create'))).toEqual({ create: true, twoFactorPolicy: false });
    expect(roleListOffers(withRights('role_view', 'role_edit'))).toEqual({ create: false, twoFactorPolicy: true });
    expect(userListOffers(withRights('user_view', 'user_create'))).toEqual({ create: true });
    expect(userListOffers(withRights('user_view', 'user_edit'))).toEqual({ create: false });
  });

  it('offers the role form every right there is to grant, each once: the area × action grid and the special ones', () => {
    const offered = [...GRANTABLE.areas.flatMap((area) => GRANTABLE.actions.map((action) => `${area}_${action}`)), ...GRANTABLE.specials];
    expect([...offered].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });
});

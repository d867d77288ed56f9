import { companyDataSchema, companyUpdateSchema } from '../../../schemas/company.schema';
import { contactCreateSchema, contactUpdateSchema } from '../../../schemas/contact.schema';
import { annexCreateSchema } from '../../../schemas/annex.schema';
import { contractCreateSchema } from '../../../schemas/contract.schema';
import { chargeCreateSchema, chargeUpdateSchema } from '../../../schemas/country-charge.schema';
import { instrumentCreateSchema, instrumentUpdateSchema } from '../../../schemas/guarantee.schema';
import { importAgentCreateSchema } from '../../../schemas/logbook.schema';
import { invoiceIssueBodySchema, invoicePatchBodySchema, paymentBodySchema } from '../../../schemas/invoice.schema';
import { passwordSchema } from '../../../schemas/password.schema';
import { roleCreateSchema } from '../../../schemas/role.schema';
import { preSettlementSchema } from '../../../schemas/settlement.schema';
import { userCreateSchema, userUpdateSchema } from '../../../schemas/user.schema';

/**
 * The request-body schemas the browser's forms validate with, by name. They are the same
 * objects the server's routes validate with; `form-validators-plugin.ts` compiles them to
 * plain JavaScript at build time.
 */
export const FORM_SCHEMAS = {
  userCreate: userCreateSchema,
  userUpdate: userUpdateSchema,
  roleCreate: roleCreateSchema,
  password: passwordSchema,
  contractCreate: contractCreateSchema,
  annexCreate: annexCreateSchema,
  companyData: companyDataSchema,
  companyUpdate: companyUpdateSchema,
  contactCreate: contactCreateSchema,
  contactUpdate: contactUpdateSchema,
  preSettlement: preSettlementSchema,
  invoicePatch: invoicePatchBodySchema,
  invoiceIssue: invoiceIssueBodySchema,
  payment: paymentBodySchema,
  chargeCreate: chargeCreateSchema,
  chargeUpdate: chargeUpdateSchema,
  importAgentCreate: importAgentCreateSchema,
  instrumentCreate: instrumentCreateSchema,
  instrumentUpdate: instrumentUpdateSchema,
} as const;

export type FormSchemaName = keyof typeof FORM_SCHEMAS;

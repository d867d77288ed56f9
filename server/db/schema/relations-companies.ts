// Commercial relations: companies and what belongs to them — contacts,
// bank coordinates and legal documents (spec section 3). Children go with their company
// (ON DELETE CASCADE); contracts refer to a company and keep it from being deleted.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMPANY_CONTRACT_TYPES, COMPANY_DOCUMENT_TYPES, CURRENCIES, ID_TYPES } from '../../../schemas/company.schema';
import { CONTACT_TYPES } from '../../../schemas/contact.schema';
import { COUNTRY_CODES } from '../../../schemas/role.schema';
import { editedColumns } from './columns';
import { files } from './files';

export const empresas = pgTable(
  'empresas',
  {
    id: serial('id').primaryKey(),
    razon_social: text('razon_social').notNull(),
    codigo_agente: text('codigo_agente'),
    pais: text('pais', { enum: COUNTRY_CODES }).notNull(),
    /** Tax registration id (NIT, RFC, EIN ...): one company per id and country. */
    nit: text('nit').notNull(),
    representante_legal: text('representante_legal').notNull(),
    direccion_legal: text('direccion_legal').notNull(),
    tipo_identificacion: text('tipo_identificacion', { enum: ID_TYPES }).notNull(),
    identificacion_representante: text('identificacion_representante').notNull(),
    tipo_contrato: text('tipo_contrato', { enum: COMPANY_CONTRACT_TYPES }).notNull(),
    /** Commercial relationship or branch. */
    relacion_comercial: text('relacion_comercial').notNull(),
    codigo_cenace_importacion: text('codigo_cenace_importacion'),
    codigo_cenace_exportacion: text('codigo_cenace_exportacion'),
    ...editedColumns(),
  },
  (table) => [
    uniqueIndex('empresas_pais_nit_key').on(table.pais, sql`upper(${table.nit})`),
    check('empresas_pais_code', sql`${table.pais} ~ '^[A-Z]{2}$'`),
    check('empresas_tipo_contrato_valid', sql`${table.tipo_contrato} in ('local', 'regional')`),
  ],
);

export const contactos = pgTable(
  'contactos',
  {
    id: serial('id').primaryKey(),
    empresa_id: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    tipo_contacto: text('tipo_contacto', { enum: CONTACT_TYPES }).notNull().default('comercial'),
    nombre: text('nombre').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono').notNull(),
    extension: text('extension'),
    celular: text('celular').notNull(),
    cargo: text('cargo').notNull(),
    ...editedColumns(),
  },
  (table) => [index('contactos_empresa_id_idx').on(table.empresa_id)],
);

export const coordenadasBancarias = pgTable(
  'coordenadas_bancarias',
  {
    id: serial('id').primaryKey(),
    empresa_id: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    nombre_beneficiario: text('nombre_beneficiario').notNull(),
    direccion: text('direccion').notNull(),
    pais_destino: text('pais_destino', { enum: COUNTRY_CODES }).notNull(),
    codigo_postal: text('codigo_postal').notNull(),
    telefono: text('telefono').notNull(),
    cuenta: text('cuenta').notNull(),
    email_notificacion_pago: text('email_notificacion_pago').notNull(),
    banco_beneficiario: text('banco_beneficiario').notNull(),
    swift_bic: text('swift_bic').notNull(),
    banco_intermediario: text('banco_intermediario').notNull(),
    direccion_banco_intermediario: text('direccion_banco_intermediario').notNull(),
    aba: text('aba').notNull(),
    moneda: text('moneda', { enum: CURRENCIES }).notNull(),
    ...editedColumns(),
  },
  (table) => [
    index('coordenadas_bancarias_empresa_id_idx').on(table.empresa_id),
    check('coordenadas_bancarias_moneda_valid', sql`${table.moneda} in ('USD', 'MXN')`),
  ],
);

/** The legal documents of a company: each kind at most once; the file is stored by key. */
export const empresaDocumentos = pgTable(
  'empresa_documentos',
  {
    id: serial('id').primaryKey(),
    empresa_id: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: COMPANY_DOCUMENT_TYPES }).notNull(),
    key: text('key')
      .notNull()
      .references(() => files.key, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: text('created_by'),
  },
  (table) => [uniqueIndex('empresa_documentos_empresa_tipo_key').on(table.empresa_id, table.tipo)],
);

export type EmpresaRow = typeof empresas.$inferSelect;
export type ContactoRow = typeof contactos.$inferSelect;
export type CoordenadaBancariaRow = typeof coordenadasBancarias.$inferSelect;
export type EmpresaDocumentoRow = typeof empresaDocumentos.$inferSelect;

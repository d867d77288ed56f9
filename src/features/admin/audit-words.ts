// The words an audit entry is read with: for each audited entity, where the labels of its
// fields are (the area's own form labels first, so a field reads as it does on its form) and
// which i18n group names the coded values of a field. Only what an area's labels do not
// already say lives under admin.audit.
import type { AuditEntity } from '../../../schemas/audit.schema';
import { ROLE_ACTIONS } from '../../../schemas/role.schema';
import type { Translate } from '../../lib/i18n/use-t';

/** How the fields of one record (or of the records of one of its lists) are read. */
export interface RecordWords {
  /** i18n groups holding field labels, searched in order (`contracts.fields` -> `contracts.fields.plazo`). */
  labels?: readonly string[];
  /** Fields whose label lives elsewhere than in `labels`: field -> i18n key. */
  labelKeys?: Readonly<Record<string, string>>;
  /** Coded values named by an i18n group: field -> group (`pais` -> `countries`). */
  values?: Readonly<Record<string, string>>;
  /** Decimal amounts (sent as strings), shown in the reader's number format. */
  decimals?: readonly string[];
  /** A reference shown by the name the record carries beside it: field -> field of the name. */
  shownAs?: Readonly<Record<string, string>>;
  /** Fields that repeat what the entry already says (the parent of a nested record). */
  hidden?: readonly string[];
  /** A set of yes/no flags (a page of the role matrix) reads as the names of those set: from `group`, in `order`. */
  flags?: { group: string; order: readonly string[] };
  /** The field that names one record of a list (a contact by its name). */
  title?: string;
  /** How the records of a nested list or object are read, by field. */
  nested?: Readonly<Record<string, RecordWords>>;
}

const contactWords = {
  labels: ['contacts.fields'],
  values: { tipo_contacto: 'contacts.types' },
  shownAs: { empresa_id: 'empresa_razon_social' },
  title: 'nombre',
} as const satisfies RecordWords;

const contractValues = {
  sucursal: 'countries',
  tipo_contrato: 'contracts.tipoContrato',
  clase_contrato: 'contracts.claseContrato',
  tipo_transaccion: 'contracts.tipoTransaccion',
  tipo_oferta: 'contracts.tipoOferta',
  tipo_liquidacion: 'contracts.tipoLiquidacion',
  tipo_factura: 'contracts.tipoFactura',
  tipo_credito: 'contracts.tipoCredito',
  tipo_garantia: 'contracts.tipoGarantia',
  local_regional: 'contracts.localRegional',
  moneda: 'currencies',
} as const;

/** The words of each audited entity; a field none of them labels reads as its key. */
const AUDIT_WORDS: Readonly<Record<AuditEntity, RecordWords>> = {
  user: {
    labels: ['admin.users.fields'],
    labelKeys: { estado: 'admin.users.columns.status' },
    values: { pais: 'countries', sexo: 'admin.users.sexo', estado: 'admin.users.status', permisos_x_view: 'permissions' },
    shownAs: { rol_id: 'rol_nombre' },
  },
  role: {
    labelKeys: { nombre: 'admin.roles.name', pais: 'admin.roles.country', permisos_x_pagina: 'admin.roles.matrix' },
    values: { pais: 'countries' },
    nested: { permisos_x_pagina: { labels: ['admin.roles.pages'], flags: { group: 'admin.roles.actions', order: ROLE_ACTIONS } } },
  },
  company: {
    labels: ['companies.fields'],
    labelKeys: {
      contactos: 'companies.sections.contacts',
      coordenadas_bancarias: 'companies.sections.banks',
      documentos: 'companies.steps.documents',
    },
    values: { pais: 'countries', tipo_identificacion: 'companies.idTypes', tipo_contrato: 'companies.contractTypes' },
    nested: {
      // A company's own contacts, accounts and documents: their company is the entry's record.
      contactos: { ...contactWords, labels: ['companies.contactFields'], hidden: ['empresa_id', 'empresa_razon_social'] },
      coordenadas_bancarias: {
        labels: ['companies.bankFields'],
        values: { moneda: 'currencies', pais_destino: 'countries' },
        hidden: ['empresa_id'],
        title: 'banco_beneficiario',
      },
      documentos: {
        labels: ['admin.audit.documentFields', 'admin.audit.fileFields'],
        values: { tipo: 'companies.documents' },
        shownAs: { key: 'nombre' },
        hidden: ['empresa_id'],
        title: 'tipo',
      },
    },
  },
  contact: contactWords,
  contract: {
    labels: ['contracts.fields'],
    labelKeys: { numero_anexos: 'contracts.columns.annexes', firmantes: 'contracts.sections.signers' },
    values: contractValues,
    decimals: ['monto_garantia', 'poc', 'margen', 'fee', 'precio_fijo', 'energia', 'potencia'],
    shownAs: { empresa_id: 'empresa_razon_social', archivo_firmado: 'archivo_firmado_nombre' },
    nested: { firmantes: { labels: ['contracts.signers'], title: 'nombre' } },
  },
  annex: {
    // An annex carries its contract's type and class: they read as on the contract.
    labels: ['annexes.fields', 'contracts.fields'],
    values: { tipo_contrato: contractValues.tipo_contrato, clase_contrato: contractValues.clase_contrato },
    decimals: [
      'potencia_contratada',
      'fee',
      'precio_fijo',
      'poc',
      'margen_pct',
      'derecho_transmision',
      'participacion_pct',
      'precio_referencia',
      'precio_potencia',
      'precio_opcion_compra',
      'pct_responsable_transmision',
      'pct_peaje_principal',
      'pct_cargos_mmi',
      'pct_cargos_mmr',
      'pct_fpn',
    ],
    shownAs: { empresa_id: 'empresa_razon_social', archivo: 'archivo_nombre' },
  },
  // The file's key is the entry's record.
  file: { labels: ['admin.audit.fileFields'], hidden: ['key'] },
  mail: { labels: ['admin.audit.mailFields'] },
  // An import is audited by what it loaded, not row by row.
  marketdata: { labels: ['admin.audit.marketDataFields'], values: { tipo: 'marketData.kinds' } },
  settlement: { labels: ['admin.audit.settlementFields'], decimals: ['factura'] },
  route: { labels: ['admin.audit.routeFields'] },
  job: { labels: ['jobs.fields'], values: { estado: 'jobs.states' } },
  run: { labels: ['admin.audit.runFields'], values: { estado: 'processes.runStates' } },
  invoice: {
    labels: ['admin.audit.invoiceFields'],
    values: { moneda: 'currencies' },
    decimals: ['subtotal', 'descuento_pct', 'descuento', 'ajuste', 'iva', 'total', 'pagado', 'saldo'],
  },
  charge: {
    labels: ['charges.fields'],
    values: { pais: 'countries', base: 'charges.bases', pagador: 'charges.payers', moneda: 'currencies', concepto_liquidacion: 'charges.engineInputs' },
    decimals: ['tasa'],
  },
  logbook: {
    labels: ['logbooks.fields'],
    values: { estado: 'logbooks.states', mercado: 'logbooks.markets' },
  },
  guarantee: {
    labels: ['guarantees.fields'],
    values: { sucursal: 'countries', tipo: 'guarantees.kinds', moneda: 'currencies' },
    decimals: ['monto'],
  },
  // An ERCOT import: its kind, rows, days and file name, read as their keys until the ERCOT page names them.
  ercot: {},
};

/** An action by its name (`user.create` -> "Usuario creado"); one the catalogue lacks, as written. */
export function actionName(t: Translate, action: string): string {
  const key = `admin.audit.actions.${action}`;
  const name = t(key);
  return name === key ? action : name;
}

/** An entity by its name (`role` -> "Rol"); one the catalogue lacks, as written. */
export function entityName(t: Translate, entity: string): string {
  const key = `admin.audit.entities.${entity}`;
  const name = t(key);
  return name === key ? entity : name;
}

/** The words of an entry's entity (none for an entity this screen does not know: fields read as keys). */
export function wordsOf(entity: string): RecordWords {
  return (AUDIT_WORDS as Readonly<Record<string, RecordWords>>)[entity] ?? {};
}

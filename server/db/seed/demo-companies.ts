// Demo companies: 40 counterparties across Guatemala, El Salvador, Panama,
// Mexico and the US (ERCOT), each with 1-3 contacts and 1-2 bank accounts. Deterministic (the
// same rows on every machine) and idempotent: a company whose tax id is already stored in its
// country is left as it is, children included, so edits made in the demo survive restarts.
import { asc, eq } from 'drizzle-orm';
import type { BankCoordinatesInput, CompanyCreate } from '../../../schemas/company.schema';
import type { CompanyContactInput } from '../../../schemas/contact.schema';
import type { CountryCode } from '../../../schemas/role.schema';
import type { Db } from '../client';
import { contactos, coordenadasBancarias, empresas } from '../schema/relations-companies';

const SEED_ACTOR = 'seed:demo';

type DemoCountry = Extract<CountryCode, 'GT' | 'SV' | 'PA' | 'MX' | 'US'>;

interface CountryProfile {
  branch: string;
  phonePrefix: string;
  idType: CompanyCreate['tipo_identificacion'];
  city: string;
  postalCode: string;
  banks: ReadonlyArray<{ name: string; swift: string }>;
  /** A tax id of this country's shape for the n-th company. */
  taxId(n: number): string;
  /** A representative id of this country's shape. */
  personId(n: number): string;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

const COUNTRIES: Record<DemoCountry, CountryProfile> = {
  GT: {
    branch: 'Guatemala',
    phonePrefix: '+502',
    idType: 'dpi',
    city: 'Ciudad de Guatemala',
    postalCode: '01010',
    banks: [
      { name: 'Banco Industrial, S.A.', swift: 'INDLGTGC' },
      { name: 'Banco G&T Continental, S.A.', swift: 'GTCOGTGC' },
    ],
    taxId: (n) => `${pad(4_512_300 + n * 7_919, 7)}-${n % 10}`,
    personId: (n) => `${pad(2_400 + n, 4)} ${pad(51_230 + n * 37, 5)} 0101`,
  },
  SV: {
    branch: 'El Salvador',
    phonePrefix: '+503',
    idType: 'dui',
    city: 'San Salvador',
    postalCode: '1101',
    banks: [
      { name: 'Banco Agrícola, S.A.', swift: 'BAGRSVSS' },
      { name: 'Banco Cuscatlán de El Salvador, S.A.', swift: 'CUSCSVSS' },
    ],
    taxId: (n) => `0614-${pad(10_190 + n * 101, 6)}-${pad(100 + n, 3)}-${n % 10}`,
    personId: (n) => `${pad(3_456_789 + n * 13, 8)}-${n % 10}`,
  },
  PA: {
    branch: 'Panamá',
    phonePrefix: '+507',
    idType: 'cedula',
    city: 'Ciudad de Panamá',
    postalCode: '0801',
    banks: [
      { name: 'Banco General, S.A.', swift: 'BAGEPAPA' },
      { name: 'Banistmo, S.A.', swift: 'MIDLPAPA' },
    ],
    taxId: (n) => `${155_600_000 + n * 1_223}-2-${2010 + (n % 12)}`,
    personId: (n) => `8-${700 + n}-${pad(1_200 + n * 3, 4)}`,
  },
  MX: {
    branch: 'México',
    phonePrefix: '+52',
    idType: 'ine',
    city: 'Ciudad de México',
    postalCode: '06600',
    banks: [
      { name: 'BBVA México, S.A.', swift: 'BCMRMXMM' },
      { name: 'Banco Mercantil del Norte, S.A. (Banorte)', swift: 'MENOMXMT' },
    ],
    taxId: (n) => `E${'GMSTCHPB'[n % 8]}${'MEDRAS'[n % 6]}${pad(100_101 + n * 211, 6)}${'ABCDEF'[n % 6]}${n % 10}${'XYZ'[n % 3]}`,
    personId: (n) => `GOMR${pad(800_101 + n * 17, 6)}HDF${pad(n, 2)}`,
  },
  US: {
    branch: 'Texas (ERCOT)',
    phonePrefix: '+1',
    idType: 'pasaporte',
    city: 'Houston, TX',
    postalCode: '77002',
    banks: [
      { name: 'JPMorgan Chase Bank, N.A.', swift: 'CHASUS33' },
      { name: 'Wells Fargo Bank, N.A.', swift: 'WFBIUS6S' },
    ],
    taxId: (n) => `${pad(74 + (n % 20), 2)}-${pad(1_234_567 + n * 4_321, 7)}`,
    personId: (n) => `5${pad(61_234_000 + n * 97, 8)}`,
  },
};

/** The 40 companies: name, country, agent code, local or regional, street. */
const COMPANY_LIST: ReadonlyArray<{ razon_social: string; pais: DemoCountry; codigo: string; tipo: 'local' | 'regional'; calle: string }> = [
  { razon_social: 'Generadora Hidroeléctrica del Motagua, S.A.', pais: 'GT', codigo: 'GHMO', tipo: 'regional', calle: '15 calle 1-04 zona 10' },
  { razon_social: 'Comercializadora Eléctrica Maya, S.A.', pais: 'GT', codigo: 'CEMA', tipo: 'regional', calle: 'Diagonal 6 12-42 zona 10' },
  { razon_social: 'Energía Solar de Escuintla, S.A.', pais: 'GT', codigo: 'ESES', tipo: 'local', calle: 'Km 57 carretera al Pacífico, Escuintla' },
  { razon_social: 'Ingenio Santa Lucía Cogeneración, S.A.', pais: 'GT', codigo: 'ISLC', tipo: 'local', calle: 'Km 92.5 ruta CA-2, Santa Lucía Cotzumalguapa' },
  { razon_social: 'Termoeléctrica del Pacífico, S.A.', pais: 'GT', codigo: 'TEPA', tipo: 'regional', calle: 'Puerto Quetzal, Escuintla' },
  { razon_social: 'Eólica Altos de Villa Nueva, S.A.', pais: 'GT', codigo: 'EAVN', tipo: 'local', calle: '4a avenida 1-20 zona 4, Villa Nueva' },
  { razon_social: 'Distribuidora de Energía de Occidente, S.A.', pais: 'GT', codigo: 'DEOC', tipo: 'local', calle: '7a calle 11-30 zona 1, Quetzaltenango' },
  { razon_social: 'Geotérmica Volcán de Agua, S.A.', pais: 'GT', codigo: 'GEVA', tipo: 'regional', calle: 'Km 45 ruta a Antigua Guatemala' },
  { razon_social: 'Comercializadora Energética Cuscatlán, S.A. de C.V.', pais: 'SV', codigo: 'CECU', tipo: 'regional', calle: 'Paseo General Escalón 3700' },
  { razon_social: 'Geotermia de Usulután, S.A. de C.V.', pais: 'SV', codigo: 'GEUS', tipo: 'regional', calle: 'Carretera Litoral km 112, Usulután' },
  { razon_social: 'Hidroeléctrica Río Lempa Norte, S.A. de C.V.', pais: 'SV', codigo: 'HRLN', tipo: 'local', calle: 'Final 25 avenida norte, Chalatenango' },
  { razon_social: 'Solar Metapán, S.A. de C.V.', pais: 'SV', codigo: 'SOME', tipo: 'local', calle: 'Km 112 carretera a Metapán, Santa Ana' },
  { razon_social: 'Térmica Acajutla, S.A. de C.V.', pais: 'SV', codigo: 'TACA', tipo: 'regional', calle: 'Zona portuaria, Acajutla, Sonsonate' },
  { razon_social: 'Distribuidora Eléctrica de Oriente, S.A. de C.V.', pais: 'SV', codigo: 'DEOR', tipo: 'local', calle: '4a calle poniente 8, San Miguel' },
  { razon_social: 'Biomasa La Cabaña, S.A. de C.V.', pais: 'SV', codigo: 'BLCA', tipo: 'local', calle: 'Km 42 carretera Troncal del Norte, Aguilares' },
  { razon_social: 'Energía Renovable de Sonsonate, S.A. de C.V.', pais: 'SV', codigo: 'ERSO', tipo: 'regional', calle: 'Colonia Las Victorias, Sonsonate' },
  { razon_social: 'Hidroeléctrica Chiriquí Alto, S.A.', pais: 'PA', codigo: 'HCHA', tipo: 'regional', calle: 'Vía Interamericana, David, Chiriquí' },
  { razon_social: 'Eólica Penonomé Norte, S.A.', pais: 'PA', codigo: 'EPNO', tipo: 'regional', calle: 'Vía Interamericana km 150, Penonomé, Coclé' },
  { razon_social: 'Generadora Colón Atlántico, S.A.', pais: 'PA', codigo: 'GCAT', tipo: 'local', calle: 'Zona Libre de Colón, calle 16' },
  { razon_social: 'Solar de Coclé, S.A.', pais: 'PA', codigo: 'SOCO', tipo: 'local', calle: 'Aguadulce, Coclé' },
  { razon_social: 'Comercializadora Istmeña de Energía, S.A.', pais: 'PA', codigo: 'CIEN', tipo: 'regional', calle: 'Calle 50, Torre Global Bank piso 20' },
  { razon_social: 'Térmica del Canal, S.A.', pais: 'PA', codigo: 'TECA', tipo: 'local', calle: 'Balboa, Ancón' },
  { razon_social: 'Hidro Bocas del Toro, S.A.', pais: 'PA', codigo: 'HBDT', tipo: 'local', calle: 'Changuinola, Bocas del Toro' },
  { razon_social: 'Energía Veraguas, S.A.', pais: 'PA', codigo: 'EVER', tipo: 'regional', calle: 'Avenida Central, Santiago de Veraguas' },
  { razon_social: 'Energía del Golfo de México, S.A. de C.V.', pais: 'MX', codigo: 'EGMX', tipo: 'regional', calle: 'Paseo de la Reforma 505, Cuauhtémoc' },
  { razon_social: 'Generadora Eólica del Istmo, S.A. de C.V.', pais: 'MX', codigo: 'GEIS', tipo: 'local', calle: 'Juchitán de Zaragoza, Oaxaca' },
  { razon_social: 'Solar Sonora Desierto, S.A. de C.V.', pais: 'MX', codigo: 'SSDE', tipo: 'local', calle: 'Boulevard Kino 1010, Hermosillo, Sonora' },
  { razon_social: 'Comercializadora Eléctrica del Sureste, S.A. de C.V.', pais: 'MX', codigo: 'CESU', tipo: 'regional', calle: 'Avenida Central Poniente 520, Tuxtla Gutiérrez' },
  { razon_social: 'Termoeléctrica Tapachula, S.A. de C.V.', pais: 'MX', codigo: 'TTAP', tipo: 'regional', calle: 'Carretera Costera km 244, Tapachula, Chiapas' },
  { razon_social: 'Hidroeléctrica Grijalva Alto, S.A. de C.V.', pais: 'MX', codigo: 'HGAL', tipo: 'local', calle: 'Chicoasén, Chiapas' },
  { razon_social: 'Suministradora Calificada del Bajío, S.A. de C.V.', pais: 'MX', codigo: 'SCBA', tipo: 'local', calle: 'Boulevard Adolfo López Mateos 2301, León' },
  { razon_social: 'Ciclo Combinado Mérida Norte, S.A. de C.V.', pais: 'MX', codigo: 'CCMN', tipo: 'regional', calle: 'Periférico Norte km 4, Mérida, Yucatán' },
  { razon_social: 'Lone Star Power Marketing, LLC', pais: 'US', codigo: 'LSPM', tipo: 'regional', calle: '811 Main Street, Suite 2400' },
  { razon_social: 'Gulf Coast Energy Trading, LLC', pais: 'US', codigo: 'GCET', tipo: 'regional', calle: '1000 Louisiana Street, Suite 3900' },
  { razon_social: 'West Texas Wind Partners, LP', pais: 'US', codigo: 'WTWP', tipo: 'local', calle: '400 West Illinois Avenue, Midland' },
  { razon_social: 'Permian Solar Holdings, LLC', pais: 'US', codigo: 'PSHL', tipo: 'local', calle: '303 West Wall Street, Midland' },
  { razon_social: 'Rio Grande Energy Services, LLC', pais: 'US', codigo: 'RGES', tipo: 'regional', calle: '1201 East Van Buren Street, Brownsville' },
  { razon_social: 'Houston Energy Supply, Inc.', pais: 'US', codigo: 'HESI', tipo: 'local', calle: '909 Fannin Street, Suite 1500' },
  { razon_social: 'Panhandle Renewables, LLC', pais: 'US', codigo: 'PANR', tipo: 'local', calle: '600 South Tyler Street, Amarillo' },
  { razon_social: 'Brazos Valley Generation, LP', pais: 'US', codigo: 'BVGL', tipo: 'regional', calle: '2800 Texas Avenue, Bryan' },
];

const FIRST_NAMES = ['María', 'José', 'Ana', 'Luis', 'Carmen', 'Jorge', 'Sofía', 'Ricardo', 'Gabriela', 'Fernando', 'Valeria', 'Andrés'];
const LAST_NAMES = ['García', 'Hernández', 'López', 'Martínez', 'Pérez', 'Rodríguez', 'Castillo', 'Morales', 'Ramírez', 'Flores', 'Aguilar', 'Ortiz'];
const US_FIRST = ['John', 'Emily', 'Michael', 'Sarah', 'David', 'Jessica'];
const US_LAST = ['Smith', 'Johnson', 'Miller', 'Davis', 'Wilson', 'Anderson'];
const POSITIONS = ['Gerente comercial', 'Director de operaciones', 'Analista de mercado', 'Jefe de facturación', 'Asesor legal'];
const US_POSITIONS = ['Commercial Manager', 'VP Trading', 'Settlements Analyst', 'Billing Lead', 'General Counsel'];
const CONTACT_TYPES = ['comercial', 'operaciones', 'facturacion'] as const;

/** A mailbox-safe slug of a company name for demo e-mail domains. */
function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/,?\s*(s\.a\.( de c\.v\.)?|llc|lp|inc\.)$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 30);
}

const phone = (prefix: string, n: number) => `${prefix} ${pad(2_200 + (n % 7_000), 4)}-${pad(1_000 + ((n * 7_919) % 9_000), 4)}`;

function contactsFor(index: number, pais: DemoCountry, domain: string): CompanyContactInput[] {
  const profile = COUNTRIES[pais];
  const count = 1 + (index % 3);
  return Array.from({ length: count }, (_, k) => {
    const n = index * 3 + k;
    const first = pais === 'US' ? US_FIRST[n % US_FIRST.length]! : FIRST_NAMES[n % FIRST_NAMES.length]!;
    const last = pais === 'US' ? US_LAST[(n * 5) % US_LAST.length]! : LAST_NAMES[(n * 5) % LAST_NAMES.length]!;
    const mailbox = `${first}.${last}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    return {
      tipo_contacto: CONTACT_TYPES[k % CONTACT_TYPES.length]!,
      nombre: `${first} ${last}`,
      email: `${mailbox}@${domain}`,
      telefono: phone(profile.phonePrefix, n * 31 + 11),
      extension: k === 0 ? null : String(100 + n),
      celular: phone(profile.phonePrefix, n * 47 + 5_003),
      cargo: pais === 'US' ? US_POSITIONS[n % US_POSITIONS.length]! : POSITIONS[n % POSITIONS.length]!,
    };
  });
}

function banksFor(index: number, company: (typeof COMPANY_LIST)[number], domain: string): BankCoordinatesInput[] {
  const profile = COUNTRIES[company.pais];
  const count = 1 + (index % 2);
  return Array.from({ length: count }, (_, k) => {
    const bank = profile.banks[(index + k) % profile.banks.length]!;
    // Mexican second accounts are in pesos (an 18-digit CLABE); everything else in dollars.
    const pesos = company.pais === 'MX' && k === 1;
    return {
      nombre_beneficiario: company.razon_social,
      direccion: `${company.calle}, ${profile.city}`,
      pais_destino: company.pais,
      codigo_postal: profile.postalCode,
      telefono: phone(profile.phonePrefix, index * 13 + k),
      cuenta: pesos ? `0121800${pad(1_000_000 + index * 7_331, 11)}` : pad(300_000_000 + index * 104_729 + k * 17, 12),
      email_notificacion_pago: `tesoreria@${domain}`,
      banco_beneficiario: bank.name,
      swift_bic: bank.swift,
      banco_intermediario: 'Citibank, N.A.',
      direccion_banco_intermediario: '388 Greenwich Street, New York, NY 10013',
      aba: '021000089',
      moneda: pesos ? 'MXN' : 'USD',
    };
  });
}

/** The demo companies as create bodies (schemas/company.schema.ts), in a fixed order. */
export const DEMO_COMPANIES: readonly CompanyCreate[] = COMPANY_LIST.map((company, index) => {
  const profile = COUNTRIES[company.pais];
  const domain = `${slug(company.razon_social)}.example`;
  const representative = `${FIRST_NAMES[(index * 7) % FIRST_NAMES.length]} ${LAST_NAMES[(index * 11) % LAST_NAMES.length]}`;
  return {
    razon_social: company.razon_social,
    codigo_agente: company.codigo,
    pais: company.pais,
    nit: profile.taxId(index),
    representante_legal: representative,
    direccion_legal: `${company.calle}, ${profile.city}`,
    tipo_identificacion: profile.idType,
    identificacion_representante: profile.personId(index),
    tipo_contrato: company.tipo,
    relacion_comercial: profile.branch,
    // CENACE (Mexico's operator) codes: Mexican companies, and regional ones trading with Mexico.
    codigo_cenace_importacion: company.pais === 'MX' || (company.tipo === 'regional' && company.pais === 'GT') ? `CEN-I-${company.codigo}` : null,
    codigo_cenace_exportacion: company.pais === 'MX' ? `CEN-E-${company.codigo}` : null,
    contactos: contactsFor(index, company.pais, domain),
    coordenadas_bancarias: banksFor(index, company, domain),
    documentos: [],
  };
});

/**
 * Inserts the demo companies that are not stored yet (same tax id and country), each with
 * its contacts and bank accounts in one transaction.
 */
export async function seedDemoCompanies(db: Db): Promise<void> {
  for (const { contactos: contacts, coordenadas_bancarias: banks, documentos: _none, ...fields } of DEMO_COMPANIES) {
    await db.transaction(async (tx) => {
      const stamp = { created_by: SEED_ACTOR, updated_by: SEED_ACTOR };
      const [row] = await tx
        .insert(empresas)
        .values({
          ...fields,
          codigo_agente: fields.codigo_agente ?? null,
          codigo_cenace_importacion: fields.codigo_cenace_importacion ?? null,
          codigo_cenace_exportacion: fields.codigo_cenace_exportacion ?? null,
          ...stamp,
        })
        .onConflictDoNothing()
        .returning({ id: empresas.id });
      if (!row) return; // already seeded (or entered by hand with this tax id)
      await tx.insert(contactos).values(
        contacts.map((contact) => ({
          empresa_id: row.id,
          ...contact,
          tipo_contacto: contact.tipo_contacto ?? 'comercial',
          extension: contact.extension ?? null,
          ...stamp,
        })),
      );
      await tx.insert(coordenadasBancarias).values(banks.map((bank) => ({ empresa_id: row.id, ...bank, ...stamp })));
    });
  }
}

/** A seeded company as the contracts and annexes seeds need it. */
export interface DemoCompanyRef {
  id: number;
  razon_social: string;
  pais: string;
  codigo_agente: string | null;
  tipo_contrato: string;
  relacion_comercial: string;
}

/**
 * The companies the demo seed created (by their seed stamp), oldest first: the contracts
 * seed spreads its contracts over them. Call after `seedDemoCompanies`.
 */
export async function findDemoCompanies(db: Db): Promise<DemoCompanyRef[]> {
  return db
    .select({
      id: empresas.id,
      razon_social: empresas.razon_social,
      pais: empresas.pais,
      codigo_agente: empresas.codigo_agente,
      tipo_contrato: empresas.tipo_contrato,
      relacion_comercial: empresas.relacion_comercial,
    })
    .from(empresas)
    .where(eq(empresas.created_by, SEED_ACTOR))
    .orderBy(asc(empresas.id));
}

// Demo contracts and annexes: 120 contracts of every type, class and
// transaction type over the demo companies, and 300 annexes with parameters and PMi / PMr, each
// with a small signed PDF in the files store so the pages can show and download it.
// Their dates count back from the month of the first start, so that every contract is in force
// in the months the demo has market data for (demo-market-data.ts). Deterministic (same rows
// for the same month, same file keys on every machine) and idempotent: the demo files have
// fixed keys, and files are never deleted, so once the first one exists the seed has run and
// nothing is added again (edits and deletions made in the demo survive restarts). One
// transaction, batch inserts: it adds well under a second to a first start.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CONTRACT_CLASSES,
  CONTRACT_TYPES,
  CREDIT_TYPES,
  GUARANTEE_TYPES,
  INCOTERMS,
  INVOICE_TYPES,
  OFFER_TYPES,
  type EPWM_BRANCHES,
  type Signer,
} from '../../../schemas/contract.schema';
import { FILE_TYPES } from '../../../schemas/file.schema';
import type { Db } from '../client';
import { fileBlobs, files } from '../schema/files';
import { anexos, contratos } from '../schema/relations-contracts';
import { findDemoCompanies, type DemoCompanyRef } from './demo-companies';

const SEED_ACTOR = 'seed:demo';
export const DEMO_CONTRACT_COUNT = 120;
export const DEMO_ANNEX_COUNT = 300;

type Branch = (typeof EPWM_BRANCHES)[number];

/** Market nodes / meters per country (PMi and PMr codes). */
const NODES: Record<Branch, readonly string[]> = {
  GT: ['GT-ESC-230', 'GT-GUA-230', 'GT-LBR-230', 'GT-MOY-230', 'GT-PAC-230'],
  SV: ['SV-AHU-115', 'SV-NEJ-230', 'SV-15SE-115', 'SV-ACA-115'],
  PA: ['PA-PAN-230', 'PA-CHO-230', 'PA-LSA-230', 'PA-VEL-230'],
  MX: ['MX-TAP-400', 'MX-ANG-400', 'MX-MER-230', 'MX-TUX-230'],
  US: ['US-HB_HOUSTON', 'US-HB_NORTH', 'US-HB_SOUTH', 'US-HB_WEST'],
};

/** The regional neighbour a cross-border contract delivers to. */
const NEIGHBOUR: Record<Branch, Branch> = { GT: 'SV', SV: 'GT', PA: 'SV', MX: 'GT', US: 'MX' };

/** EPWM staff who sign for each branch. */
const EPWM_SIGNERS: Record<Branch, Signer> = {
  GT: { nombre: 'Ana Morales', cargo: 'Gerente General EPWM Guatemala', email: 'ana.morales@epwm.example' },
  SV: { nombre: 'Ricardo Flores', cargo: 'Gerente General EPWM El Salvador', email: 'ricardo.flores@epwm.example' },
  PA: { nombre: 'Gabriela Arosemena', cargo: 'Gerente General EPWM Panamá', email: 'gabriela.arosemena@epwm.example' },
  MX: { nombre: 'Fernando Villaseñor', cargo: 'Director EPWM México', email: 'fernando.villasenor@epwm.example' },
  US: { nombre: 'Emily Carter', cargo: 'Managing Director EPWM Texas', email: 'emily.carter@epwm.example' },
};

const COUNTERPART_TITLES = ['Representante legal', 'Gerente comercial', 'Director financiero'] as const;
const COUNTERPART_NAMES = ['Jorge Méndez', 'Lucía Pérez', 'Carlos Ramírez', 'María José Duarte', 'Andrés Castillo', 'Sofía Herrera'];

export const fileTypeId = (clave: string) => FILE_TYPES.find((type) => type.clave === clave)?.id ?? null;

/** A stable UUID-shaped key from a name (so the seed's file keys are the same everywhere). */
function demoFileKey(name: string): string {
  const hex = createHash('sha256').update(`demo-file:${name}`).digest('hex');
  return `f_${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** PDF text strings take ASCII here (the standard fonts' encoding differs): accents dropped. */
const pdfText = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (char) => `\\${char}`);

/** A one-page PDF showing `lines` (valid: correct cross-reference offsets), for the demo documents. */
export function demoPdf(lines: readonly string[]): Buffer {
  const stream = ['BT', '/F1 12 Tf', '14 TL', '72 760 Td', ...lines.map((line) => `(${pdfText(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoFile {
  key: string;
  nombre: string;
  content: Buffer;
  tipo: number | null;
}

function demoFile(name: string, nombre: string, tipo: string, lines: readonly string[]): DemoFile {
  return { key: demoFileKey(name), nombre, content: demoPdf(lines), tipo: fileTypeId(tipo) };
}

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
const isBranch = (pais: string): pais is Branch => pais in NODES;

/** Adds `months` to an ISO date's month (day 1), as an ISO date. */
function monthStart(year: number, month0: number): string {
  const date = new Date(Date.UTC(year, month0, 1));
  return date.toISOString().slice(0, 10);
}
function lastDayBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** A decimal string with `scale` digits from a deterministic number. */
const decimal = (value: number, scale = 2) => value.toFixed(scale);

type ContractInsert = typeof contratos.$inferInsert;
type AnnexInsert = typeof anexos.$inferInsert;

/** How many annexes the i-th contract gets: 3 for even, 2 for odd (300 over 120 contracts). */
const annexesOf = (index: number) => (index % 2 === 0 ? 3 : 2);
/** Months an annex is in force: the annexes of a contract follow one another. */
const ANNEX_MONTHS = 4;

/**
 * The first month of the n-th contract, counted back from `today`'s month: 3 to 11 months
 * before it, never so far that its last annex has ended, so every demo contract is in force
 * (one annex at a time, whole months) in the last three complete months and the current one,
 * the months the demo has market data for (demo-market-data.ts).
 */
function contractStart(n: number, today: Date): string {
  const span = annexesOf(n) * ANNEX_MONTHS;
  const back = 3 + (n % (span - 3));
  return monthStart(today.getUTCFullYear(), today.getUTCMonth() - back);
}

/** The n-th demo contract over `company`, with `third` as the third party when tripartite. */
function demoContract(n: number, company: DemoCompanyRef, third: DemoCompanyRef, file: DemoFile, today: Date): ContractInsert {
  const branch: Branch = isBranch(company.pais) ? company.pais : 'GT';
  const tipo = pick(CONTRACT_TYPES, n);
  // Offset so every type meets every class over the 120 contracts.
  const clase = pick(CONTRACT_CLASSES, Math.floor(n / CONTRACT_TYPES.length) + n);
  const transaccion = n % 2 === 0 ? 'I' : 'R';
  const regional = company.tipo_contrato === 'regional';
  const home = NODES[branch];
  const away = NODES[regional ? NEIGHBOUR[branch] : branch];
  const ours = [pick(home, n), pick(home, n + 1)].filter((node, i, all) => all.indexOf(node) === i);
  const theirs = [pick(away, n + 2)];
  const tripartito = n % 10 === 7;
  const start = contractStart(n, today);
  const pesos = branch === 'MX';
  const base = 60 + (n % 17) * 2.5;
  return {
    empresa_id: company.id,
    sucursal: branch,
    tipo_contrato: tipo,
    tipo_transaccion: transaccion,
    tipo_oferta: pick(OFFER_TYPES, n),
    clase_contrato: clase,
    incoterm: pick(['DAP', 'FCA', 'DDP', 'EXW'] satisfies ReadonlyArray<(typeof INCOTERMS)[number]>, n),
    fecha_inicio: start,
    plazo: pick([12, 24, 36, 60, 6], n),
    codigo_contraparte: `${company.codigo_agente ?? 'CP'}-${String(n + 1).padStart(3, '0')}`,
    codigo_agente: `EPWM-${branch}`,
    tripartito,
    nombre_empresa_tercero: tripartito ? third.razon_social : null,
    codigo_tercero: tripartito ? (third.codigo_agente ?? `T-${third.id}`) : null,
    tipo_factura: pick(INVOICE_TYPES, n),
    dias_factura: pick([5, 10, 15], n),
    tipo_credito: pick(CREDIT_TYPES, n),
    dias_credito: pick([15, 30, 45, 60], n),
    tipo_garantia: pick(GUARANTEE_TYPES, n),
    monto_garantia: decimal((50_000 + (n % 13) * 25_000) * (pesos ? 18 : 1)),
    moneda: pesos ? 'MXN' : 'USD',
    archivo_firmado: file.key,
    local_regional: regional ? 'regional' : 'local',
    tipo_liquidacion: pick(['energia', 'energia_potencia', 'potencia'] as const, n),
    pmi: transaccion === 'I' ? ours : theirs,
    pmr: transaccion === 'I' ? theirs : ours,
    poc: decimal(base + 25),
    margen: decimal(2 + (n % 5) * 0.75),
    fee: decimal(0.5 + (n % 6) * 0.25),
    precio_fijo: decimal(base),
    energia: decimal(720 * (5 + (n % 20)), 0),
    potencia: decimal(5 + (n % 20), 1),
    firmantes: [
      EPWM_SIGNERS[branch],
      {
        nombre: pick(COUNTERPART_NAMES, n),
        cargo: pick(COUNTERPART_TITLES, n),
        email: `firmas@${(company.codigo_agente ?? 'empresa').toLowerCase()}.example`,
      },
    ],
    created_by: SEED_ACTOR,
    updated_by: SEED_ACTOR,
  };
}

/** The k-th annex of a contract: consecutive periods from the contract's start. */
function demoAnnex(n: number, k: number, contract: ContractInsert & { id: number }, file: DemoFile): AnnexInsert {
  const [year, month] = contract.fecha_inicio.split('-').map(Number) as [number, number];
  const start = monthStart(year, month - 1 + k * ANNEX_MONTHS);
  const end = lastDayBefore(monthStart(year, month - 1 + (k + 1) * ANNEX_MONTHS));
  const firm = contract.clase_contrato === 'CF';
  const small = n % 9 === 4;
  const percent = n % 4 === 0;
  return {
    contrato_id: contract.id,
    fecha_inicio: start,
    fecha_fin: end,
    tripartito: contract.tripartito ?? false,
    potencia_contratada: small ? decimal(500 + (n % 7) * 250, 0) : decimal(2 + (n % 23) * 1.5, 1),
    unidad_potencia: small ? 'kW' : 'MW',
    pmr: contract.pmr ?? [],
    pmi: contract.pmi ?? [],
    archivo: file.key,
    fee: decimal(0.5 + (n % 6) * 0.25),
    precio_fijo: decimal(58 + (n % 21) * 1.75),
    poc: decimal(90 + (n % 11) * 2),
    margen_pct: decimal(1 + (n % 8) * 0.5),
    derecho_transmision: percent ? decimal(10 + (n % 5) * 5) : decimal(1500 + (n % 9) * 250),
    derecho_transmision_tipo: percent ? '%' : '$',
    participacion_pct: decimal(pick([100, 50, 75, 25], n), 0),
    // A firm contract is backed by firm transmission rights: someone holds them.
    titular_transmision: firm || n % 3 === 0 ? (contract.tripartito ? contract.nombre_empresa_tercero : `EPWM ${contract.sucursal}`) ?? null : null,
    codigo_contrato_firme: firm ? `CF-${contract.sucursal}-${String(n + 1).padStart(4, '0')}` : null,
    precio_referencia: decimal(70 + (n % 13) * 1.5),
    precio_potencia: decimal(8 + (n % 5) * 0.5),
    precio_opcion_compra: n % 5 === 0 ? decimal(3 + (n % 3)) : null,
    numero_planilla: `PL-${start.slice(0, 4)}-${String(n + 1).padStart(4, '0')}`,
    tipo_planilla: contract.local_regional === 'regional' ? 'MER' : 'NACIONAL',
    pct_responsable_transmision: decimal(pick([100, 50, 0], n), 0),
    pct_peaje_principal: decimal(pick([100, 50], n), 0),
    pct_cargos_mmi: decimal(pick([50, 100, 0], n), 0),
    pct_cargos_mmr: decimal(pick([50, 0, 100], n), 0),
    pct_fpn: decimal(pick([100, 50], n + 1), 0),
    created_by: SEED_ACTOR,
    updated_by: SEED_ACTOR,
  };
}

/**
 * Inserts the demo contracts and annexes (after `seedDemoCompanies`), with their PDFs, unless
 * the seed already ran; their dates are counted back from `today`. Does nothing without demo
 * companies.
 */
export async function seedDemoContracts(db: Db, today = new Date()): Promise<void> {
  const companies = await findDemoCompanies(db);
  if (companies.length === 0) return;
  const marker = demoFileKey('contract-0');
  const [seeded] = await db.select({ key: files.key }).from(files).where(eq(files.key, marker)).limit(1);
  if (seeded) return;

  await db.transaction(async (tx) => {
    const contractFiles: DemoFile[] = [];
    const rows: ContractInsert[] = [];
    for (let n = 0; n < DEMO_CONTRACT_COUNT; n += 1) {
      const company = pick(companies, n);
      const third = pick(companies, n + 5);
      const code = `${company.codigo_agente ?? 'CP'}-${String(n + 1).padStart(3, '0')}`;
      const file = demoFile(`contract-${n}`, `contrato-${code}.pdf`, 'contrato_firmado', [
        'Contrato de suministro de energia electrica',
        `Codigo: ${code}`,
        `Contraparte: ${company.razon_social}`,
        'Documento firmado (demostracion)',
      ]);
      contractFiles.push(file);
      rows.push(demoContract(n, company, third, file, today));
    }
    const inserted = await insertContracts(tx, contractFiles, rows);

    const annexFiles: DemoFile[] = [];
    const annexRows: AnnexInsert[] = [];
    let n = 0;
    inserted.forEach((contract, index) => {
      for (let k = 0; k < annexesOf(index); k += 1) {
        const file = demoFile(`annex-${n}`, `anexo-${contract.codigo_contraparte}-${k + 1}.pdf`, 'anexo', [
          `Anexo ${k + 1} del contrato ${contract.codigo_contraparte}`,
          `Vigencia a partir del periodo ${k + 1}`,
          'Parametros comerciales, PMi y PMr (demostracion)',
        ]);
        annexFiles.push(file);
        annexRows.push(demoAnnex(n, k, contract, file));
        n += 1;
      }
    });
    await insertFiles(tx, annexFiles);
    await tx.insert(anexos).values(annexRows);
  });
}

async function insertFiles(tx: Db, list: readonly DemoFile[]): Promise<void> {
  const blobs = new Map<string, DemoFile & { sha256: string }>();
  const withHash = list.map((file) => ({ ...file, sha256: createHash('sha256').update(file.content).digest('hex') }));
  for (const file of withHash) blobs.set(file.sha256, file);
  await tx
    .insert(fileBlobs)
    .values([...blobs.values()].map((file) => ({ sha256: file.sha256, content: file.content, size: file.content.length })))
    .onConflictDoNothing({ target: fileBlobs.sha256 });
  await tx.insert(files).values(
    withHash.map((file) => ({
      key: file.key,
      sha256: file.sha256,
      nombre: file.nombre,
      tipo_mime: 'application/pdf' as const,
      tamano: file.content.length,
      tipo: file.tipo,
      created_by: SEED_ACTOR,
      updated_by: SEED_ACTOR,
    })),
  );
}

async function insertContracts(tx: Db, contractFiles: readonly DemoFile[], rows: readonly ContractInsert[]) {
  await insertFiles(tx, contractFiles);
  const ids = await tx
    .insert(contratos)
    .values([...rows])
    .returning({ id: contratos.id, codigo_contraparte: contratos.codigo_contraparte });
  // Matched by counterpart code (unique within the seed), not by the order RETURNING gives.
  const idOf = new Map(ids.map((row) => [row.codigo_contraparte, row.id]));
  return rows.map((row) => {
    const id = idOf.get(row.codigo_contraparte);
    if (id === undefined) throw new Error(`demo contract ${row.codigo_contraparte} was not inserted`);
    return { ...row, id };
  });
}

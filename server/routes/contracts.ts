// Contracts (issue 4; spec section 7, Contracts): list, read, create, update and delete (refused
// while annexes depend on the contract). Every route needs the `relaciones` view key and the
// role's action on the Contracts page; every write carries its audit row in the same
// transaction. Rules a JSON Schema cannot state (the company and file exist, the date is a real
// calendar day, a tripartite contract names its third party) answer 400 with field details.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  contractCreateSchema,
  contractDeleteSchema,
  contractListItemSchema,
  contractListQuerySchema,
  contractSchema,
  contractUpdateSchema,
  TRIPARTITE_REQUIRED_FIELDS,
  type Contract,
  type ContractCreate,
  type ContractDelete,
  type ContractListItem,
  type ContractListQuery,
  type ContractUpdate,
} from '../../schemas/contract.schema';
import type { Db } from '../db/client';
import { files } from '../db/schema/files';
import { empresas } from '../db/schema/relations-companies';
import { anexos, contratos, type ContratoRow } from '../db/schema/relations-contracts';
import { findFile } from '../files/store';
import { AppErrors, withDetails, type ErrorDetail } from '../errors/catalogue';
import { actorOf, recordAudit } from '../plugins/audit';
import { assertVersion, dataListOf, dataOf, idParamsSchema } from './admin-shared';

export interface ContractRoutesOptions {
  db: Db;
}

const CONTRACTS_VIEW = { permission: 'relaciones', action: { page: 'Contracts', action: 'view' } } as const;

/** The edited-row columns as the API shows them. */
export function editedColumnsOf(row: {
  version: number;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  updated_by: string | null;
}) {
  return {
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/** SQL that stamps an edit: who, when, and the next version. */
export function touchedBy(actorEmail: string | null, version: typeof contratos.version | typeof anexos.version) {
  return { updated_at: sql`now()`, updated_by: actorEmail, version: sql`${version} + 1` };
}

/** True when `value` (already `YYYY-MM-DD` by pattern) names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A 400 `APP_ERR_REQUEST_INVALID` carrying these field details. */
export function invalidRequest(details: ErrorDetail[]) {
  return withDetails(new AppErrors.requestInvalid(), details);
}

/** Details for the keys among `keys` that the files service does not hold. */
export async function missingFileDetails(db: Db, keys: Array<{ field: string; key: string | null | undefined }>): Promise<ErrorDetail[]> {
  const wanted = keys.filter((entry): entry is { field: string; key: string } => typeof entry.key === 'string');
  if (wanted.length === 0) return [];
  const found = await db
    .select({ key: files.key })
    .from(files)
    .where(inArray(files.key, wanted.map((entry) => entry.key)));
  const present = new Set(found.map((row) => row.key));
  return wanted
    .filter((entry) => !present.has(entry.key))
    .map((entry) => ({ instancePath: `/${entry.field}`, keyword: 'exists', message: 'there is no file with this key' }));
}

/** Trims a string; blank strings become null (the optional text columns). */
export function textOrNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

type ContractValues = Omit<ContratoRow, 'id' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by' | 'version'>;

/** A full contract body (create, or stored row merged with an update) as column values. */
function contractValues(input: ContractValues): ContractValues {
  const tripartito = input.tripartito;
  return {
    ...input,
    codigo_contraparte: input.codigo_contraparte.trim(),
    codigo_agente: input.codigo_agente.trim(),
    // A bilateral contract has no third party: stray values from a toggled form are dropped.
    nombre_empresa_tercero: tripartito ? textOrNull(input.nombre_empresa_tercero) : null,
    codigo_tercero: tripartito ? textOrNull(input.codigo_tercero) : null,
    firmantes: input.firmantes.map((signer) => ({
      nombre: signer.nombre.trim(),
      cargo: signer.cargo.trim(),
      email: signer.email.trim().toLowerCase(),
    })),
  };
}

/**
 * The rules beyond the JSON Schema, on a full contract: every broken one as a field detail.
 * `storedId`: the contract being updated (its annexes must fit a new class).
 */
async function contractProblems(db: Db, values: ContractValues, changed: (field: keyof ContractValues) => boolean, storedId?: number) {
  const details: ErrorDetail[] = [];
  if (changed('fecha_inicio') && !isCalendarDate(values.fecha_inicio)) {
    details.push({ instancePath: '/fecha_inicio', keyword: 'format', message: 'must be a calendar date (YYYY-MM-DD)' });
  }
  if (values.tripartito) {
    for (const field of TRIPARTITE_REQUIRED_FIELDS) {
      if (values[field] === null) {
        details.push({ instancePath: '', keyword: 'required', message: `must have required property '${field}'` });
      }
    }
  }
  if (changed('empresa_id')) {
    const [company] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.id, values.empresa_id)).limit(1);
    if (!company) details.push({ instancePath: '/empresa_id', keyword: 'exists', message: 'there is no such company' });
  }
  if (changed('archivo_firmado')) {
    details.push(...(await missingFileDetails(db, [{ field: 'archivo_firmado', key: values.archivo_firmado }])));
  }
  // Every annex of a firm contract names its transmission holder (the annex rule, DOMAIN.md).
  if (storedId !== undefined && changed('clase_contrato') && values.clase_contrato === 'CF') {
    const [holderless] = await db
      .select({ id: anexos.id })
      .from(anexos)
      .where(and(eq(anexos.contrato_id, storedId), isNull(anexos.titular_transmision)))
      .limit(1);
    if (holderless) {
      details.push({
        instancePath: '/clase_contrato',
        keyword: 'annexHolder',
        message: `annex ${holderless.id} has no transmission holder, which every annex of a firm (CF) contract needs`,
      });
    }
  }
  return details;
}

const annexCount = sql<number>`(select count(*)::int from ${anexos} where ${anexos.contrato_id} = ${contratos.id})`;

/** A contract row as the API returns it. */
export function toContract(row: ContratoRow, razonSocial: string, numeroAnexos: number): Contract {
  return {
    id: row.id,
    empresa_id: row.empresa_id,
    empresa_razon_social: razonSocial,
    sucursal: row.sucursal as Contract['sucursal'],
    tipo_contrato: row.tipo_contrato as Contract['tipo_contrato'],
    tipo_transaccion: row.tipo_transaccion as Contract['tipo_transaccion'],
    tipo_oferta: row.tipo_oferta as Contract['tipo_oferta'],
    clase_contrato: row.clase_contrato as Contract['clase_contrato'],
    incoterm: row.incoterm as Contract['incoterm'],
    fecha_inicio: row.fecha_inicio,
    plazo: row.plazo,
    codigo_contraparte: row.codigo_contraparte,
    codigo_agente: row.codigo_agente,
    tripartito: row.tripartito,
    nombre_empresa_tercero: row.nombre_empresa_tercero,
    codigo_tercero: row.codigo_tercero,
    tipo_factura: row.tipo_factura as Contract['tipo_factura'],
    dias_factura: row.dias_factura,
    tipo_credito: row.tipo_credito as Contract['tipo_credito'],
    dias_credito: row.dias_credito,
    tipo_garantia: row.tipo_garantia as Contract['tipo_garantia'],
    monto_garantia: row.monto_garantia,
    moneda: row.moneda as Contract['moneda'],
    archivo_firmado: row.archivo_firmado,
    local_regional: row.local_regional as Contract['local_regional'],
    tipo_liquidacion: row.tipo_liquidacion as Contract['tipo_liquidacion'],
    pmi: row.pmi,
    pmr: row.pmr,
    poc: row.poc,
    margen: row.margen,
    fee: row.fee,
    precio_fijo: row.precio_fijo,
    energia: row.energia,
    potencia: row.potencia,
    firmantes: row.firmantes,
    numero_anexos: numeroAnexos,
    ...editedColumnsOf(row),
  };
}

/** The contract `id` with its company's name and annex count; 404 when there is none. */
async function readContract(db: Db, id: number, lock = false): Promise<Contract> {
  const query = db
    .select({ row: contratos, razon_social: empresas.razon_social })
    .from(contratos)
    .innerJoin(empresas, eq(empresas.id, contratos.empresa_id))
    .where(eq(contratos.id, id));
  // FOR UPDATE OF contratos: the company row stays free for others.
  const [found] = lock ? await query.for('update', { of: contratos }) : await query;
  if (!found) throw new AppErrors.contractNotFound();
  const [annexes] = await db.select({ n: count() }).from(anexos).where(eq(anexos.contrato_id, id));
  const signed = await findFile(db, found.row.archivo_firmado);
  return { ...toContract(found.row, found.razon_social, annexes?.n ?? 0), archivo_firmado_nombre: signed?.nombre ?? null };
}

/** Whether a database error is a foreign-key violation (drizzle may wrap the driver's error). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export default async function contractRoutes(app: FastifyInstance, options: ContractRoutesOptions) {
  const { db } = options;

  app.get<{ Querystring: ContractListQuery }>(
    '/contratos/api/v1/get',
    {
      config: CONTRACTS_VIEW,
      schema: { querystring: contractListQuerySchema, response: { 200: dataListOf(contractListItemSchema) } },
    },
    async (request) => {
      const query = db
        .select({ row: contratos, razon_social: empresas.razon_social, numero_anexos: annexCount })
        .from(contratos)
        .innerJoin(empresas, eq(empresas.id, contratos.empresa_id))
        .orderBy(asc(contratos.id));
      const empresaId = request.query.empresa_id;
      const rows = empresaId === undefined ? await query : await query.where(eq(contratos.empresa_id, empresaId));
      // The list's response schema keeps only the list's columns of each contract.
      const data: ContractListItem[] = rows.map(({ row, razon_social, numero_anexos }) => toContract(row, razon_social, Number(numero_anexos)));
      return { data };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/contratos/api/v1/get-once-contract/:id',
    { config: CONTRACTS_VIEW, schema: { params: idParamsSchema, response: { 200: dataOf(contractSchema) } } },
    async (request) => ({ data: await readContract(db, request.params.id) }),
  );

  app.post<{ Body: ContractCreate }>(
    '/contratos/api/v1/create',
    {
      config: { permission: 'relaciones', action: { page: 'Contracts', action: 'create' } },
      schema: { body: contractCreateSchema, response: { 201: dataOf(contractSchema) } },
    },
    async (request, reply) => {
      const body = request.body;
      const actor = actorOf(request);
      const values = contractValues({
        ...body,
        tipo_oferta: body.tipo_oferta ?? null,
        tripartito: body.tripartito ?? false,
        nombre_empresa_tercero: body.nombre_empresa_tercero ?? null,
        codigo_tercero: body.codigo_tercero ?? null,
        tipo_credito: body.tipo_credito ?? null,
        moneda: body.moneda ?? 'USD',
        tipo_liquidacion: body.tipo_liquidacion ?? null,
        pmi: [...body.pmi],
        pmr: [...body.pmr],
        firmantes: [...(body.firmantes ?? [])],
      });
      const created = await db.transaction(async (tx) => {
        const details = await contractProblems(tx, values, () => true);
        if (details.length > 0) throw invalidRequest(details);
        const [row] = await tx
          .insert(contratos)
          .values({ ...values, created_by: actor.email, updated_by: actor.email })
          .returning();
        if (!row) throw new AppErrors.serverInternal();
        const contract = await readContract(tx, row.id);
        await recordAudit(tx, request, { action: 'contract.create', entity: 'contract', entityId: row.id, before: null, after: contract });
        return contract;
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: ContractUpdate }>(
    '/contratos/api/v1/update/:id',
    {
      config: { permission: 'relaciones', action: { page: 'Contracts', action: 'edit' } },
      schema: { params: idParamsSchema, body: contractUpdateSchema, response: { 200: dataOf(contractSchema) } },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const actor = actorOf(request);
      const updated = await db.transaction(async (tx) => {
        const before = await readContract(tx, request.params.id, true);
        assertVersion(before.version, version);
        const [stored] = await tx.select().from(contratos).where(eq(contratos.id, before.id));
        if (!stored) throw new AppErrors.contractNotFound();
        const { id: _id, created_at: _ca, updated_at: _ua, created_by: _cb, updated_by: _ub, version: _v, ...current } = stored;
        const merged = contractValues({
          ...current,
          ...changes,
          pmi: changes.pmi ? [...changes.pmi] : current.pmi,
          pmr: changes.pmr ? [...changes.pmr] : current.pmr,
          firmantes: changes.firmantes ? [...changes.firmantes] : current.firmantes,
        } as ContractValues);
        const changed = (field: keyof ContractValues) => field in changes && changes[field as keyof typeof changes] !== undefined;
        const details = await contractProblems(tx, merged, changed, before.id);
        if (details.length > 0) throw invalidRequest(details);
        await tx
          .update(contratos)
          .set({ ...merged, ...touchedBy(actor.email, contratos.version) })
          .where(eq(contratos.id, before.id));
        const after = await readContract(tx, before.id);
        await recordAudit(tx, request, { action: 'contract.update', entity: 'contract', entityId: before.id, before, after });
        return after;
      });
      return { data: updated };
    },
  );

  app.post<{ Body: ContractDelete }>(
    '/contratos/api/v1/delete',
    {
      config: { permission: 'relaciones', action: { page: 'Contracts', action: 'delete' } },
      schema: { body: contractDeleteSchema, response: { 200: dataOf(contractSchema) } },
    },
    async (request) => {
      const deleted = await db.transaction(async (tx) => {
        const before = await readContract(tx, request.body.id, true);
        // Annexes carry the contract's parameters into settlements: they go first, by hand.
        if ((before.numero_anexos ?? 0) > 0) throw new AppErrors.recordInUse();
        try {
          await tx.delete(contratos).where(eq(contratos.id, before.id));
        } catch (error) {
          // An annex added between the count and the delete: the foreign key refuses it.
          if (isForeignKeyViolation(error)) throw new AppErrors.recordInUse();
          throw error;
        }
        await recordAudit(tx, request, { action: 'contract.delete', entity: 'contract', entityId: before.id, before, after: null });
        return before;
      });
      return { data: deleted };
    },
  );
}

// Annexes (issue 4; spec section 7, Annexes): list (optionally of one contract), read, create,
// update and delete. An annex is a dated amendment of a contract with the commercial
// parameters and the PMi / PMr lists (DOMAIN.md). Every route needs the `relaciones` view key
// and the role's action on the Contracts page; every write carries its audit row in the same
// transaction. Rules beyond the JSON Schema answer 400 with field details: the contract and
// file exist, real calendar dates with the end on or after the start, a transmission right in
// % within [0, 100], and a transmission holder on the annex of a CF (firm) contract.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  annexCreateSchema,
  annexDeleteSchema,
  annexListItemSchema,
  annexListQuerySchema,
  annexSchema,
  annexUpdateSchema,
  type Annex,
  type AnnexCreate,
  type AnnexDelete,
  type AnnexListItem,
  type AnnexListQuery,
  type AnnexUpdate,
} from '../../schemas/annex.schema';
import type { Db } from '../db/client';
import { empresas } from '../db/schema/relations-companies';
import { anexos, contratos, type AnexoRow } from '../db/schema/relations-contracts';
import { findFile } from '../files/store';
import { AppErrors, type ErrorDetail } from '../errors/catalogue';
import { actorOf, recordAudit } from '../plugins/audit';
import { assertVersion, dataListOf, dataOf, idParamsSchema } from './admin-shared';
import { editedColumnsOf, invalidRequest, isCalendarDate, missingFileDetails, textOrNull, touchedBy } from './contracts';

export interface AnnexRoutesOptions {
  db: Db;
}

const ANNEXES_VIEW = { permission: 'relaciones', action: { page: 'Contracts', action: 'view' } } as const;

type AnnexValues = Omit<AnexoRow, 'id' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by' | 'version'>;

/** What an annex read joins from its contract and company. */
interface ContractSide {
  empresa_id: number;
  empresa_razon_social: string;
  tipo_contrato: string;
  clase_contrato: string;
}

const TEXT_FIELDS = ['titular_transmision', 'codigo_contrato_firme', 'numero_planilla', 'tipo_planilla'] as const;

/** A full annex body as column values: optional texts trimmed, blanks stored as null. */
function annexValues(input: AnnexValues): AnnexValues {
  const values = { ...input };
  for (const field of TEXT_FIELDS) values[field] = textOrNull(input[field]);
  return values;
}

/** Every input field of an annex, unset ones as null (the create body's optional parameters). */
function fromCreateBody(body: AnnexCreate): AnnexValues {
  return {
    contrato_id: body.contrato_id,
    fecha_inicio: body.fecha_inicio,
    fecha_fin: body.fecha_fin,
    tripartito: body.tripartito ?? false,
    potencia_contratada: body.potencia_contratada,
    unidad_potencia: body.unidad_potencia,
    pmr: [...body.pmr],
    pmi: [...body.pmi],
    archivo: body.archivo ?? null,
    fee: body.fee ?? null,
    precio_fijo: body.precio_fijo ?? null,
    poc: body.poc ?? null,
    margen_pct: body.margen_pct ?? null,
    derecho_transmision: body.derecho_transmision ?? null,
    derecho_transmision_tipo: body.derecho_transmision_tipo ?? null,
    participacion_pct: body.participacion_pct ?? null,
    titular_transmision: body.titular_transmision ?? null,
    codigo_contrato_firme: body.codigo_contrato_firme ?? null,
    precio_referencia: body.precio_referencia ?? null,
    precio_potencia: body.precio_potencia ?? null,
    precio_opcion_compra: body.precio_opcion_compra ?? null,
    numero_planilla: body.numero_planilla ?? null,
    tipo_planilla: body.tipo_planilla ?? null,
    pct_responsable_transmision: body.pct_responsable_transmision ?? null,
    pct_peaje_principal: body.pct_peaje_principal ?? null,
    pct_cargos_mmi: body.pct_cargos_mmi ?? null,
    pct_cargos_mmr: body.pct_cargos_mmr ?? null,
    pct_fpn: body.pct_fpn ?? null,
  };
}

/** The contract an annex belongs to, with its company; null when there is none. */
async function contractSide(db: Db, contratoId: number): Promise<ContractSide | null> {
  const [found] = await db
    .select({
      empresa_id: contratos.empresa_id,
      empresa_razon_social: empresas.razon_social,
      tipo_contrato: contratos.tipo_contrato,
      clase_contrato: contratos.clase_contrato,
    })
    .from(contratos)
    .innerJoin(empresas, eq(empresas.id, contratos.empresa_id))
    .where(eq(contratos.id, contratoId))
    .limit(1);
  return found ?? null;
}

/** The rules beyond the JSON Schema, on a full annex: every broken one as a field detail. */
async function annexProblems(db: Db, values: AnnexValues): Promise<{ details: ErrorDetail[]; contract: ContractSide | null }> {
  const details: ErrorDetail[] = [];
  const calendar = (field: 'fecha_inicio' | 'fecha_fin') => {
    if (isCalendarDate(values[field])) return true;
    details.push({ instancePath: `/${field}`, keyword: 'format', message: 'must be a calendar date (YYYY-MM-DD)' });
    return false;
  };
  const startOk = calendar('fecha_inicio');
  const endOk = calendar('fecha_fin');
  // ISO dates compare as strings.
  if (startOk && endOk && values.fecha_fin < values.fecha_inicio) {
    details.push({ instancePath: '/fecha_fin', keyword: 'dateOrder', message: 'must be on or after fecha_inicio' });
  }
  if (values.derecho_transmision_tipo === '%' && values.derecho_transmision !== null) {
    const share = Number(values.derecho_transmision);
    if (share < 0 || share > 100) {
      details.push({ instancePath: '/derecho_transmision', keyword: 'maximum', message: 'a percentage must be within [0, 100]' });
    }
  }
  const contract = await contractSide(db, values.contrato_id);
  if (!contract) {
    details.push({ instancePath: '/contrato_id', keyword: 'exists', message: 'there is no such contract' });
  } else if (contract.clase_contrato === 'CF' && values.titular_transmision === null) {
    // A firm contract must be backed by firm transmission rights: someone has to hold them.
    details.push({
      instancePath: '/titular_transmision',
      keyword: 'required',
      message: "must have required property 'titular_transmision' (the annex of a CF contract)",
    });
  }
  details.push(...(await missingFileDetails(db, [{ field: 'archivo', key: values.archivo }])));
  return { details, contract };
}

/** An annex row as the API returns it. */
function toAnnex(row: AnexoRow, side: ContractSide): Annex {
  return {
    id: row.id,
    contrato_id: row.contrato_id,
    empresa_id: side.empresa_id,
    empresa_razon_social: side.empresa_razon_social,
    tipo_contrato: side.tipo_contrato as Annex['tipo_contrato'],
    clase_contrato: side.clase_contrato as Annex['clase_contrato'],
    fecha_inicio: row.fecha_inicio,
    fecha_fin: row.fecha_fin,
    tripartito: row.tripartito,
    potencia_contratada: row.potencia_contratada,
    unidad_potencia: row.unidad_potencia as Annex['unidad_potencia'],
    pmr: row.pmr,
    pmi: row.pmi,
    archivo: row.archivo,
    fee: row.fee,
    precio_fijo: row.precio_fijo,
    poc: row.poc,
    margen_pct: row.margen_pct,
    derecho_transmision: row.derecho_transmision,
    derecho_transmision_tipo: row.derecho_transmision_tipo as Annex['derecho_transmision_tipo'],
    participacion_pct: row.participacion_pct,
    titular_transmision: row.titular_transmision,
    codigo_contrato_firme: row.codigo_contrato_firme,
    precio_referencia: row.precio_referencia,
    precio_potencia: row.precio_potencia,
    precio_opcion_compra: row.precio_opcion_compra,
    numero_planilla: row.numero_planilla,
    tipo_planilla: row.tipo_planilla,
    pct_responsable_transmision: row.pct_responsable_transmision,
    pct_peaje_principal: row.pct_peaje_principal,
    pct_cargos_mmi: row.pct_cargos_mmi,
    pct_cargos_mmr: row.pct_cargos_mmr,
    pct_fpn: row.pct_fpn,
    ...editedColumnsOf(row),
  };
}

/** The annex `id` as the API shows it; 404 when there is none. */
async function readAnnex(db: Db, id: number, lock = false): Promise<Annex> {
  const query = db.select().from(anexos).where(eq(anexos.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppErrors.annexNotFound();
  const side = await contractSide(db, row.contrato_id);
  // The foreign key keeps the contract while the annex exists.
  if (!side) throw new AppErrors.serverInternal();
  return withDocumentName(db, toAnnex(row, side));
}

/** An annex read alone, with its document's uploaded name (what its page and form show). */
async function withDocumentName(db: Db, annex: Annex): Promise<Annex> {
  const file = annex.archivo ? await findFile(db, annex.archivo) : null;
  return { ...annex, archivo_nombre: file?.nombre ?? null };
}

export default async function annexRoutes(app: FastifyInstance, options: AnnexRoutesOptions) {
  const { db } = options;

  app.get<{ Querystring: AnnexListQuery }>(
    '/anexos/api/v1/get',
    { config: ANNEXES_VIEW, schema: { querystring: annexListQuerySchema, response: { 200: dataListOf(annexListItemSchema) } } },
    async (request) => {
      const query = db
        .select({
          row: anexos,
          empresa_id: contratos.empresa_id,
          empresa_razon_social: empresas.razon_social,
          tipo_contrato: contratos.tipo_contrato,
          clase_contrato: contratos.clase_contrato,
        })
        .from(anexos)
        .innerJoin(contratos, eq(contratos.id, anexos.contrato_id))
        .innerJoin(empresas, eq(empresas.id, contratos.empresa_id))
        .orderBy(asc(anexos.id));
      const contratoId = request.query.contrato_id;
      const rows = contratoId === undefined ? await query : await query.where(eq(anexos.contrato_id, contratoId));
      // The list's response schema keeps only the list's columns of each annex.
      const data: AnnexListItem[] = rows.map(({ row, ...side }) => toAnnex(row, side));
      return { data };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/anexos/api/v1/get-once/:id',
    { config: ANNEXES_VIEW, schema: { params: idParamsSchema, response: { 200: dataOf(annexSchema) } } },
    async (request) => ({ data: await readAnnex(db, request.params.id) }),
  );

  app.post<{ Body: AnnexCreate }>(
    '/anexos/api/v1/create',
    {
      config: { permission: 'relaciones', action: { page: 'Contracts', action: 'create' } },
      schema: { body: annexCreateSchema, response: { 201: dataOf(annexSchema) } },
    },
    async (request, reply) => {
      const values = annexValues(fromCreateBody(request.body));
      const actor = actorOf(request);
      const created = await db.transaction(async (tx) => {
        const { details, contract } = await annexProblems(tx, values);
        if (details.length > 0 || !contract) throw invalidRequest(details);
        const [row] = await tx
          .insert(anexos)
          .values({ ...values, created_by: actor.email, updated_by: actor.email })
          .returning();
        if (!row) throw new AppErrors.serverInternal();
        const annex = await withDocumentName(tx, toAnnex(row, contract));
        await recordAudit(tx, request, { action: 'annex.create', entity: 'annex', entityId: row.id, before: null, after: annex });
        return annex;
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.patch<{ Params: { id: number }; Body: AnnexUpdate }>(
    '/anexos/api/v1/update/:id',
    {
      config: { permission: 'relaciones', action: { page: 'Contracts', action: 'edit' } },
      schema: { params: idParamsSchema, body: annexUpdateSchema, response: { 200: dataOf(annexSchema) } },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const actor = actorOf(request);
      const updated = await db.transaction(async (tx) => {
        const before = await readAnnex(tx, request.params.id, true);
        assertVersion(before.version, version);
        const [stored] = await tx.select().from(anexos).where(eq(anexos.id, before.id));
        if (!stored) throw new AppErrors.annexNotFound();
        const { id: _id, created_at: _ca, updated_at: _ua, created_by: _cb, updated_by: _ub, version: _v, ...current } = stored;
        const merged = annexValues({
          ...current,
          ...changes,
          pmi: changes.pmi ? [...changes.pmi] : current.pmi,
          pmr: changes.pmr ? [...changes.pmr] : current.pmr,
        } as AnnexValues);
        // The whole merged annex is checked: moving it to a CF contract needs a holder too.
        const { details, contract } = await annexProblems(tx, merged);
        if (details.length > 0 || !contract) throw invalidRequest(details);
        const [row] = await tx
          .update(anexos)
          .set({ ...merged, ...touchedBy(actor.email, anexos.version) })
          .where(eq(anexos.id, before.id))
          .returning();
        if (!row) throw new AppErrors.annexNotFound();
        const after = await withDocumentName(tx, toAnnex(row, contract));
        await recordAudit(tx, request, { action: 'annex.update', entity: 'annex', entityId: before.id, before, after });
        return after;
      });
      return { data: updated };
    },
  );

  app.post<{ Body: AnnexDelete }>(
    '/anexos/api/v1/delete',
    {
      config: { permission: 'relaciones', action: { page: 'Contracts', action: 'delete' } },
      schema: { body: annexDeleteSchema, response: { 200: dataOf(annexSchema) } },
    },
    async (request) => {
      const deleted = await db.transaction(async (tx) => {
        const before = await readAnnex(tx, request.body.id, true);
        await tx.delete(anexos).where(eq(anexos.id, before.id));
        await recordAudit(tx, request, { action: 'annex.delete', entity: 'annex', entityId: before.id, before, after: null });
        return before;
      });
      return { data: deleted };
    },
  );
}

// The annex rules a JSON Schema cannot state, as pure functions of an annex's values and the
// facts the store reads: the end date on or after the start, a transmission
// right in % within [0, 100], the contract and the document exist, and the annex of a firm (CF)
// contract names its transmission holder. Every broken rule is a field detail of one 400.
import { isTransmissionRightInRange, lacksTransmissionHolder, type AnnexCreate } from '../../schemas/annex.schema';
import type { ContractClass } from '../../schemas/contract.schema';
import { isOnOrAfter } from '../../schemas/date.schema';
import type { AnexoRow } from '../db/schema/relations-contracts';
import { laidOver, textOrNull, type EditColumns } from '../db/versioned';
import type { ErrorDetail } from '../errors/catalogue';

/** An annex's own column values: what a create or an update writes. */
export type AnnexValues = Omit<AnexoRow, 'id' | keyof EditColumns>;

/** What the rules need to know of the database (server/annexes/store.ts reads it). */
export interface AnnexFacts {
  /** The class of the annex's contract; null when there is no such contract. */
  contractClass: ContractClass | null;
  documentStored: boolean;
}

const TEXT_FIELDS = ['titular_transmision', 'codigo_contrato_firme', 'numero_planilla', 'tipo_planilla'] as const;

/** A create body with every optional parameter unset stored as null. */
export function createValues(body: AnnexCreate): AnnexValues {
  return normalised({
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
  });
}

/** A stored annex with an update's changes laid over it (a field left out keeps its value). */
export function updatedValues(stored: AnnexValues, changes: Partial<AnnexValues>): AnnexValues {
  return normalised(laidOver(stored, changes));
}

/** The values as stored: optional texts trimmed, blanks as null. */
function normalised(values: AnnexValues): AnnexValues {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, textOrNull(values[field])]));
  return { ...values, ...texts };
}

/** Every broken rule of a full annex as a field detail (moving it to a CF contract needs a holder too). */
export function annexProblems(values: AnnexValues, facts: AnnexFacts): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!isOnOrAfter(values.fecha_inicio, values.fecha_fin)) {
    details.push({ instancePath: '/fecha_fin', keyword: 'dateOrder', message: 'must be on or after fecha_inicio' });
  }
  if (!isTransmissionRightInRange(values.derecho_transmision_tipo, values.derecho_transmision)) {
    details.push({ instancePath: '/derecho_transmision', keyword: 'maximum', message: 'a percentage must be within [0, 100]' });
  }
  if (facts.contractClass === null) {
    details.push({ instancePath: '/contrato_id', keyword: 'exists', message: 'there is no such contract' });
  } else if (lacksTransmissionHolder(facts.contractClass, values.titular_transmision)) {
    details.push({
      instancePath: '/titular_transmision',
      keyword: 'required',
      message: "must have required property 'titular_transmision' (the annex of a CF contract)",
    });
  }
  if (values.archivo !== null && !facts.documentStored) {
    details.push({ instancePath: '/archivo', keyword: 'exists', message: 'there is no file with this key' });
  }
  return details;
}

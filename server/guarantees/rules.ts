// The instrument rules a JSON Schema cannot state (docs/guarantees.md), judged with the shared
// `instrumentRuleBreaks` of the schema file (the form judges them alike): every broken rule is a
// field detail of one 400.
import { instrumentRuleBreaks, type InstrumentCreate, type InstrumentRuleBreak } from '../../schemas/guarantee.schema';
import type { GarantiaInstrumentoRow } from '../db/schema/guarantees';
import { laidOver, type EditColumns } from '../db/versioned';
import type { ErrorDetail } from '../errors/catalogue';

/** An instrument's own column values: what a create or an update writes. */
export type InstrumentValues = Omit<GarantiaInstrumentoRow, 'id' | keyof EditColumns>;

/** A create body as stored: trimmed words, no release unless said. */
export function createValues(body: InstrumentCreate): InstrumentValues {
  return normalised({ ...body, liberada_en: body.liberada_en ?? null });
}

/** A stored instrument with an update's changes laid over it (a field left out keeps its value). */
export function updatedValues(stored: InstrumentValues, changes: Partial<InstrumentValues>): InstrumentValues {
  return normalised(laidOver(stored, changes));
}

function normalised(values: InstrumentValues): InstrumentValues {
  return { ...values, emisor: values.emisor.trim() };
}

/** The English wording of each broken rule, for API callers and logs (the page shows `guarantees.problems.<keyword>`). */
const RULE_MESSAGES: Record<InstrumentRuleBreak['keyword'], string> = {
  guaranteeBranchOperator: 'the company is no agent of this operator through that branch',
  guaranteeCurrencyOperator: "must be the operator's currency (MXN at CENACE, USD elsewhere)",
  guaranteeEndBeforeStart: 'must be on or after the issue date',
  guaranteeReleaseBeforeStart: 'must be on or after the issue date',
};

/** Every broken rule of an instrument as a field detail. */
export function instrumentProblems(values: InstrumentValues): ErrorDetail[] {
  return instrumentRuleBreaks(values).map(({ field, keyword }) => ({ instancePath: `/${field}`, keyword, message: RULE_MESSAGES[keyword] }));
}

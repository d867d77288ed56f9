/**
 * A settlement month on the wire: `anio` and `mes`, as every settlement, market-data, summary
 * and report call names it. The years are those the business could settle.
 */
export const yearField = { type: 'integer', minimum: 2000, maximum: 2999 } as const;
export const monthField = { type: 'integer', minimum: 1, maximum: 12 } as const;

/** A query that names one month (both required), as a market-data or report call takes it. */
export const monthQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'mes'],
  properties: { anio: yearField, mes: monthField },
} as const;

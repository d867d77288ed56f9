import { useSearchParams } from 'wouter';
import { SETTLEMENT_AGGREGATIONS, type SettlementAggregation } from '../../../schemas/settlement.schema';

function isAggregation(value: string | null): value is SettlementAggregation {
  return (SETTLEMENT_AGGREGATIONS as readonly (string | null)[]).includes(value);
}

/**
 * The rows' aggregation kept in the URL (`?agregacion=hora|dia|mes`, hour by default), so a link
 * opens the same view and Back returns to the previous one; the grid's own parameters stay.
 */
export function useAggregation(): [SettlementAggregation, (next: SettlementAggregation) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('agregacion');
  const set = (next: SettlementAggregation) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      updated.set('agregacion', next);
      return updated;
    });
  return [isAggregation(value) ? value : 'hora', set];
}

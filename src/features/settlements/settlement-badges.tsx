import { Badge } from '@chakra-ui/react';
import type { Settlement, SettlementState, SettlementVersion } from '../../../schemas/settlement.schema';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { settlementName } from './settlement-names';

const VERSION_PALETTES: Record<SettlementVersion, string> = { PE: 'gray', DF: 'blue', CD: 'purple' };

/** PE, DF or CD1, CD2...: the version's name, with what it means for a screen reader and on hover. */
export function VersionBadge({ settlement }: { settlement: Pick<Settlement, 'version_liquidacion' | 'reconciliacion'> }) {
  const t = useT();
  const meaning = t(`settlements.common.versionNames.${settlement.version_liquidacion}`);
  return (
    <Badge colorPalette={VERSION_PALETTES[settlement.version_liquidacion]} variant="solid" title={meaning} aria-label={meaning}>
      {settlementName(settlement)}
    </Badge>
  );
}

/** Preliminary (may be recomputed) or validated (final), coloured as every list's statuses. */
export function StateBadge({ state }: { state: SettlementState }) {
  return <StatusBadge status={state} labelPrefix="settlements.common.states" />;
}

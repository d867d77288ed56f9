import { Badge } from '@chakra-ui/react';
import type { Settlement, SettlementState, SettlementVersion } from '../../../schemas/settlement.schema';
import { useT } from '../../lib/i18n/use-t';
import { settlementName } from './settlement-names';

const VERSION_PALETTES: Record<SettlementVersion, string> = { PE: 'gray', DF: 'blue', CD: 'purple' };
const STATE_PALETTES: Record<SettlementState, string> = { preliminar: 'orange', validada: 'green' };

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

/** Preliminary (may be recomputed) or validated (final). */
export function StateBadge({ state }: { state: SettlementState }) {
  const t = useT();
  return (
    <Badge colorPalette={STATE_PALETTES[state]} variant="subtle">
      {t(`settlements.common.states.${state}`)}
    </Badge>
  );
}

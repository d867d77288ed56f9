// An offer page's view of a day (docs/logbooks.md): the day's log book of the market with the
// offers of one kind, and what their rules read (El Salvador's units' limits, Mexico's FIX of
// the day and the link's limit in the offers' direction).
import { LINK_LIMITS_MW, type LogbookMarket, type OfferScope, type OffersView } from '../../schemas/logbook.schema';
import type { Db } from '../db/client';
import { logbookAnswer, type GateClosures } from './save-logbook';
import { currentLogbook, fixOf, slvLimits } from './store';

export async function offersView(db: Db, closures: GateClosures, mercado: LogbookMarket, scope: OfferScope, fecha: string): Promise<OffersView> {
  const current = await currentLogbook(db, mercado, fecha);
  const mexican = mercado === 'MEX';
  return {
    bitacora: current ? await logbookAnswer(db, current.id, closures, scope) : null,
    limites: mercado === 'SLV' ? await slvLimits(db, fecha) : [],
    tipo_cambio: mexican ? await fixOf(db, fecha) : null,
    limite_enlace_mw: mexican && scope.sentido ? LINK_LIMITS_MW[scope.sentido] : null,
  };
}

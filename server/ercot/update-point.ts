// Editing one settlement point of the catalogue (docs/ercot.md "The catalogue"): its type and
// the days it is in force, never so that stored prices or awards of it fall outside them.
import type { SettlementPoint, SettlementPointUpdate } from '../../schemas/ercot.schema';
import { AppErrors, invalidRequest } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { assertPointUseKept, type PointRow } from './rules';
import { lockPoints, pointUses, storePoints } from './store';

/**
 * PATCH /ercot/api/v1/settlement_points: 400 when the validity ends before it starts, 404 for a
 * name the catalogue does not hold, 409 APP_ERR_ERCOT_POINT_IN_USE when it would leave out days
 * of the point's stored prices or awards (the point stays locked from the check to the write).
 */
export const updatePoint = useCase<SettlementPointUpdate, SettlementPoint>({
  audit: { action: 'ercot.point.update', entity: 'ercot' },
  async run(tx, _caller, { nombre, tipo, vigente_desde, vigente_hasta }) {
    const point: PointRow = { nombre: nombre.toUpperCase(), tipo, vigente_desde, vigente_hasta };
    if (vigente_hasta !== null && vigente_hasta < vigente_desde) {
      throw invalidRequest([{ instancePath: '/vigente_hasta', keyword: 'rangeOrder', message: 'must be on or after vigente_desde' }]);
    }
    const [before] = await lockPoints(tx, [point.nombre]);
    if (!before) throw new AppErrors.ercotPointNotFound();
    const [use] = await pointUses(tx, [point.nombre]);
    assertPointUseKept(point, use);
    await storePoints(tx, [point]);
    return { id: point.nombre, before, after: point };
  },
});

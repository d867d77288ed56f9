import { bidPriceOf, subePmOrder, type BidHour, type Prioritisation } from '../../../schemas/process.schema';

/** One bid hour's key in the grid: its node and period. */
export const hourKey = (hour: Pick<BidHour, 'nodo' | 'periodo'>) => `${hour.nodo}|${hour.periodo}`;

/**
 * The bid prices the percentage gives, on every hour whose price the trader did not type
 * (`typed` holds their keys): the percentage of the hour's price, to the cent.
 */
export function withPercentage(hours: readonly BidHour[], porcentaje: number, typed: ReadonlySet<string>): BidHour[] {
  return hours.map((hour) => {
    if (typed.has(hourKey(hour))) return hour;
    const price = Number.isInteger(porcentaje) && porcentaje > 0 ? bidPriceOf(hour.precio, porcentaje) : null;
    return price === null || price === hour.precio_oferta ? hour : { ...hour, precio_oferta: price };
  });
}

/** Each hour's priority (1 to 3) by the prioritised nodes, null when prioritisation is off or its node is not one. */
export function withPriorities(hours: readonly BidHour[], priorizacion: Prioritisation): BidHour[] {
  return hours.map((hour) => {
    const slot = priorizacion.activa ? priorizacion.nodos.indexOf(hour.nodo) : -1;
    const prioridad = slot >= 0 ? ((slot + 1) as 1 | 2 | 3) : null;
    return prioridad === hour.prioridad ? hour : { ...hour, prioridad };
  });
}

/** The nodes of the grid, once each, in order (the prioritisation's choices). */
export const nodesOf = (hours: readonly BidHour[]) => [...new Set(hours.map((hour) => hour.nodo))].sort();

/**
 * What a run of this selection would upload, as the question before it says: the PMs it takes
 * (prioritised first, at most `pm`), their hours to bid, and the PMs with hours left for another run.
 */
export function uploadOf(horas: readonly BidHour[], priorizacion: Prioritisation, pm: number) {
  const nodes = subePmOrder(horas, priorizacion, Number.isInteger(pm) && pm > 0 ? pm : 0);
  const offered = new Set(horas.filter((hour) => hour.ofertar).map((hour) => hour.nodo));
  return {
    horas: horas.filter((hour) => hour.ofertar && nodes.includes(hour.nodo)).length,
    nodos: nodes.length,
    quedan: offered.size - nodes.length,
  };
}

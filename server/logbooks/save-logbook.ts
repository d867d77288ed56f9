// Saving a day's offers (docs/logbooks.md, "Saving and sending"): `POST /create` saves the MER
// log book; El Salvador's and Mexico's updates save their part of the day's log book (its
// injection or withdrawal top offers, its export or import offers), leaving the rest. Each
// creates the day's draft or replaces the offers of the draft read (its version: a stale one is
// 409), sends it when asked, and prepares a sent day's next version only when asked. The log
// book machine decides every step, the gate closure included; the offer rules
// (schemas/logbook.schema.ts) are judged before anything is written. `POST /create-amm` records
// what was sent to the AMM for a range, sent as it is created.
import { logbookTransition, type LogbookCommand, type LogbookFacts } from '../../machines/logbooks/logbook.machine';
import {
  gateClosureAt,
  inScope,
  LINK_LIMITS_MW,
  OFFER_SCOPES,
  offerRuleBreaks,
  type AmmCreate,
  type GateClosure,
  type Logbook,
  type LogbookMarket,
  type OfferFacts,
  type OfferRow,
  type OfferScope,
  type SlvLimit,
} from '../../schemas/logbook.schema';
import type { Db } from '../db/client';
import { AppErrors, errorForCode, withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { contractedPower, currentLogbook, fixOf, insertLogbook, logbookById, offersOf, replaceOffers, setLogbookState, slvLimits, upsertSlvLimits, type LogbookRow } from './store';

export type GateClosures = Readonly<Record<LogbookMarket, GateClosure>>;

/** Whether the gate of a market has closed for the operating day `fecha` at `now`. */
export function isGateClosed(fecha: string, closure: GateClosure, now: Date = new Date()): boolean {
  return now.getTime() >= Date.parse(gateClosureAt(fecha, closure));
}

/** Throws the machine's refusal of `command`, or answers the state it leads to. */
function decide(facts: LogbookFacts, command: LogbookCommand) {
  const verdict = logbookTransition(facts, command);
  if (!verdict.allowed) throw errorForCode(verdict.code);
  return verdict.estado;
}

/** A log book as the API answers it: its offers (those of `scope` only, when given) and its gate closure. */
export async function logbookAnswer(db: Db, id: number, closures: GateClosures, scope?: OfferScope): Promise<Logbook> {
  const logbook = (await logbookById(db, id))!;
  const filas = (await offersOf(db, id)).filter((row) => !scope || inScope(row, scope));
  return { ...logbook, cierre_en: gateClosureAt(logbook.fecha_operacion, closures[logbook.mercado]), filas } as Logbook;
}

/** The facts the offer rules of a market read on a day. */
async function factsOf(tx: Db, mercado: LogbookMarket, fecha: string, hasta: string = fecha): Promise<OfferFacts> {
  const set = mercado === 'AMM' ? 'amm' : 'regional';
  const potenciaAnexo = mercado === 'MER' || mercado === 'AMM' ? await contractedPower(tx, set, fecha, hasta) : new Map<number, string>();
  const limitesSlv = mercado === 'SLV' ? new Map((await slvLimits(tx, fecha)).map((limit) => [limit.pm, limit])) : undefined;
  return { mercado, potenciaAnexo, limitesSlv, limiteEnlace: mercado === 'MEX' ? LINK_LIMITS_MW : undefined };
}

/** 400 with one detail per broken rule, naming its row (1-based in the params, as the page shows it). */
function assertOffersValid(filas: readonly OfferRow[], facts: OfferFacts, scope: OfferScope): void {
  const breaks = offerRuleBreaks(filas, facts, scope);
  if (breaks.length === 0) return;
  throw withDetails(
    new AppErrors.requestInvalid(),
    breaks.map(({ fila, field, keyword, params }) => ({ instancePath: `/filas/${fila}/${field}`, keyword, message: keyword, params: { ...params, fila: fila + 1 } })),
  );
}

/** What a save asks: the day, its offers of the scope, the version read, and whether to send or start a next version. */
export interface SaveOffersInput {
  fecha_operacion: string;
  filas: OfferRow[];
  version?: number;
  enviar?: boolean;
  nueva_version?: boolean;
  limites?: SlvLimit[];
}

/**
 * The use case that saves the offers of `scope` in the day's log book of `mercado` (its status
 * 201 when it created the day's log book, 200 when it saved the draft again).
 */
export function saveOffers(closures: GateClosures, mercado: LogbookMarket, scope: OfferScope) {
  const closure = closures[mercado];
  return useCase<SaveOffersInput, Logbook>({
    audit: { action: 'logbook.save', entity: 'logbook' },
    async run(tx, caller, body) {
      const { fecha_operacion: fecha, filas } = body;
      const actor = caller.user.email;
      const closed = isGateClosed(fecha, closure);
      // The units' limits of the day come with El Salvador's injection offers, before they are judged.
      if (body.limites?.length) {
        decide({ estado: 'borrador', filas: 0, cerrada: closed }, { type: 'logbook.edit' });
        await upsertSlvLimits(tx, fecha, body.limites, actor);
      }
      assertOffersValid(filas, await factsOf(tx, mercado, fecha), scope);

      let stored: LogbookRow | null = await currentLogbook(tx, mercado, fecha, { lock: true });
      const before = stored ? await logbookAnswer(tx, stored.id, closures) : null;
      let status = 200;
      if (stored?.estado === 'enviada' && body.nueva_version) {
        decide({ estado: stored.estado, filas: 1, cerrada: closed }, { type: 'logbook.supersede' });
        await setLogbookState(tx, stored.id, 'reemplazada', actor);
        const kept = (await offersOf(tx, stored.id)).filter((row) => !inScope(row, scope));
        stored = (await logbookById(tx, await insertLogbook(tx, mercado, fecha, actor)))!;
        // The next version starts from what the sent one held beyond this call's offers.
        if (kept.length > 0) await replaceOffers(tx, stored.id, { tipos: [...new Set(kept.map((row) => row.tipo))] }, kept, { moneda: mercado === 'MEX' ? 'MXN' : 'USD' });
        status = 201;
      } else if (stored === null) {
        decide({ estado: 'borrador', filas: 0, cerrada: closed }, { type: 'logbook.edit' });
        stored = (await logbookById(tx, await insertLogbook(tx, mercado, fecha, actor)))!;
        status = 201;
      } else {
        decide({ estado: stored.estado, filas: 1, cerrada: closed }, { type: 'logbook.edit' });
        if (body.version !== stored.version) throw new AppErrors.recordStale();
      }
      await replaceOffers(tx, stored.id, scope, filas, mercado === 'MEX' ? { moneda: 'MXN', tipoCambio: await fixOf(tx, fecha) } : { moneda: 'USD' });
      await setLogbookState(tx, stored.id, 'borrador', actor);
      if (body.enviar) {
        const held = (await offersOf(tx, stored.id)).length;
        decide({ estado: 'borrador', filas: held, cerrada: closed }, { type: 'logbook.send' });
        await setLogbookState(tx, stored.id, 'enviada', actor);
      }
      return { id: stored.id, before, after: await logbookAnswer(tx, stored.id, closures), status };
    },
  });
}

/**
 * `POST /create-amm`: the AMM process record of a range: the declarations sent to the AMM for
 * its annexes in force in the range, recorded as sent (many records may cover a day).
 */
export function createAmmRecord(closures: GateClosures) {
  const closure = closures.AMM;
  return useCase<AmmCreate, Logbook>({
    audit: { action: 'logbook.save', entity: 'logbook' },
    status: 201,
    async run(tx, caller, body) {
      if (body.hasta < body.desde) {
        throw withDetails(new AppErrors.requestInvalid(), [{ instancePath: '/hasta', keyword: 'rangeOrder', message: 'must be on or after desde' }]);
      }
      assertOffersValid(body.filas, await factsOf(tx, 'AMM', body.desde, body.hasta), OFFER_SCOPES.amm);
      decide({ estado: 'borrador', filas: body.filas.length, cerrada: isGateClosed(body.desde, closure) }, { type: 'logbook.send' });
      const actor = caller.user.email;
      const id = await insertLogbook(tx, 'AMM', body.desde, actor, body.hasta);
      await replaceOffers(tx, id, OFFER_SCOPES.amm, body.filas, { moneda: 'USD' });
      await setLogbookState(tx, id, 'enviada', actor);
      return { id, before: null, after: await logbookAnswer(tx, id, closures) };
    },
  });
}

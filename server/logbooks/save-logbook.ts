// Saving a day's log book (docs/logbooks.md, "Saving and sending"): `POST /bitacoras/api/v1/create`
// creates the day's draft with its offers, or replaces the offers of the draft read (its
// version: a stale one is 409), and sends it when asked; a sent one is followed by its next
// version only when asked. The log book machine decides every step, the gate closure included;
// the offer rules (schemas/logbook.schema.ts) are judged before anything is written.
import { logbookTransition, type LogbookCommand, type LogbookFacts } from '../../machines/logbooks/logbook.machine';
import { gateClosureAt, offerRuleBreaks, type GateClosure, type Logbook, type LogbookCreate, type LogbookMarket } from '../../schemas/logbook.schema';
import type { Db } from '../db/client';
import { AppErrors, errorForCode, withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { contractedPower, currentLogbook, insertLogbook, logbookById, offersOf, replaceOffers, setLogbookState, type LogbookRow } from './store';

/** Whether the gate of `mercado` has closed for the operating day `fecha` at `now`. */
export function isGateClosed(fecha: string, closure: GateClosure, now: Date = new Date()): boolean {
  return now.getTime() >= Date.parse(gateClosureAt(fecha, closure));
}

/** The machine's facts of a stored log book. */
async function factsOf(tx: Db, logbook: LogbookRow, closure: GateClosure): Promise<LogbookFacts> {
  const filas = (await offersOf(tx, logbook.id)).length;
  return { estado: logbook.estado, filas, cerrada: isGateClosed(logbook.fecha_operacion, closure) };
}

/** Throws the machine's refusal of `command`, or answers the state it leads to. */
function decide(facts: LogbookFacts, command: LogbookCommand) {
  const verdict = logbookTransition(facts, command);
  if (!verdict.allowed) throw errorForCode(verdict.code);
  return verdict.estado;
}

/** A log book as the API answers it: with its offers and its gate closure. */
export async function logbookAnswer(db: Db, id: number, closures: Readonly<Record<LogbookMarket, GateClosure>>): Promise<Logbook> {
  const logbook = (await logbookById(db, id))!;
  return { ...logbook, cierre_en: gateClosureAt(logbook.fecha_operacion, closures[logbook.mercado]), filas: await offersOf(db, id) } as Logbook;
}

/** The currency of a market's offers: MXN at CENACE, USD elsewhere. */
const currencyOf = (mercado: LogbookMarket) => (mercado === 'MEX' ? 'MXN' : 'USD');

export function saveLogbook(closures: Readonly<Record<LogbookMarket, GateClosure>>) {
  return useCase<LogbookCreate, Logbook>({
    audit: { action: 'logbook.save', entity: 'logbook' },
    async run(tx, caller, body) {
      const { mercado, fecha_operacion: fecha, filas } = body;
      const closure = closures[mercado];
      const breaks = offerRuleBreaks(filas, { mercado, potenciaAnexo: await contractedPower(tx, fecha) });
      if (breaks.length > 0) {
        throw withDetails(
          new AppErrors.requestInvalid(),
          breaks.map(({ fila, field, keyword, params }) => ({ instancePath: `/filas/${fila}/${field}`, keyword, message: keyword, params: { ...params, fila: fila + 1 } })),
        );
      }

      let stored = await currentLogbook(tx, mercado, fecha, { lock: true });
      const before = stored ? await logbookAnswer(tx, stored.id, closures) : null;
      let status = 200;
      if (stored?.estado === 'enviada' && body.nueva_version) {
        decide(await factsOf(tx, stored, closure), { type: 'logbook.supersede' });
        await setLogbookState(tx, stored.id, 'reemplazada', caller.user.email);
        stored = null;
      }
      if (stored === null) {
        // A new day's log book (or the next version of a sent one) starts as a draft, if the gate is open.
        decide({ estado: 'borrador', filas: 0, cerrada: isGateClosed(fecha, closure) }, { type: 'logbook.edit' });
        stored = (await logbookById(tx, await insertLogbook(tx, mercado, fecha, caller.user.email)))!;
        status = 201;
      } else {
        decide(await factsOf(tx, stored, closure), { type: 'logbook.edit' });
        if (body.version !== stored.version) throw new AppErrors.recordStale();
      }
      await replaceOffers(tx, stored.id, filas, currencyOf(mercado));
      await setLogbookState(tx, stored.id, 'borrador', caller.user.email);
      if (body.enviar) {
        decide({ estado: 'borrador', filas: filas.length, cerrada: isGateClosed(fecha, closure) }, { type: 'logbook.send' });
        await setLogbookState(tx, stored.id, 'enviada', caller.user.email);
      }
      const after = await logbookAnswer(tx, stored.id, closures);
      return { id: stored.id, before, after, status };
    },
  });
}

// @vitest-environment node
// Killing the server during a log book send (docs/logbooks.md, "Crash safety"). Sending is a
// synchronous call, not a job: `POST /bitacoras/api/v1/create` with `enviar: true` replaces the
// draft's offers and blocks, marks it sent and writes its audit row in one transaction. The real
// server is held inside that transaction right after it marked the log book sent (the last
// write before the audit row and the commit) and killed with SIGKILL. The day's log book is
// then exactly the draft it was (its offers, its blocks, its version, not sent, one audit row):
// the caller got no answer and nothing of the send. Started again, the same request (the
// version it read still holds) sends it whole.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../schemas/date.schema';
import type { Logbook, OfferRow } from '../../schemas/logbook.schema';
import { queryRows, type Db } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { annexesInForce, currentLogbook, offersOf } from '../../server/logbooks/store';
import { loadConfig } from '../../server/config';
import { BASE_TEST_ENV } from './helpers';
import { useCrashWorld } from './support/crash-server';

const TRADER = 'admin@demo.energy';
const CREATE = '/bitacoras/api/v1/create';
/** A week ahead: the day's gate (the day before, 10:00 Central America time) is open. */
const DAY = addDays(businessToday(), 7);

const crashWorld = useCrashWorld('logbook-send-crash');

/** Each regional annex in force on DAY declared at its injection point, every period, at `mw`. */
function declarations(annexes: ReadonlyArray<{ anexo_id: number; pmi: string[] }>, mw: string, precio: string): OfferRow[] {
  return annexes.flatMap((annex) =>
    Array.from({ length: 24 }, (_, index) => ({ periodo: index + 1, pm: annex.pmi[0]!, sentido: 'I' as const, tipo: 'DECLARACION' as const, anexo_id: annex.anexo_id, mw_declarada: mw, bloques: [{ precio, mw }] })),
  );
}

/** The offers as a sorted list of lines (annex, period, PM, MW, blocks): what two holdings compare by. */
function linesOf(filas: ReadonlyArray<Pick<OfferRow, 'anexo_id' | 'periodo' | 'pm' | 'mw_declarada' | 'bloques'>>): string[] {
  return filas.map((row) => `${row.anexo_id}|${row.periodo}|${row.pm}|${Number(row.mw_declarada)}|${row.bloques.map((block) => `${Number(block.precio)}@${Number(block.mw)}`).join(',')}`).sort();
}

/** What the database holds of the day's MER log books: each one's state and version, its offers, the blocks in all, the audit rows of saves. */
async function holding(db: Db) {
  const current = await currentLogbook(db, 'MER', DAY);
  const [counts] = await queryRows<{ bitacoras: number; bloques: number; auditorias: number }>(
    db,
    sql`select (select count(*)::int from bitacoras where mercado = 'MER' and fecha_operacion = ${DAY}::date) as bitacoras,
          (select count(*)::int from oferta_bloques b join ofertas o on o.id = b.oferta_id join bitacoras l on l.id = o.bitacora_id
            where l.mercado = 'MER' and l.fecha_operacion = ${DAY}::date) as bloques,
          (select count(*)::int from audit_log where action = 'logbook.save') as auditorias`,
  );
  return { current, lines: current ? linesOf(await offersOf(db, current.id)) : [], ...counts! };
}

describe('killing the server during a log book send', () => {
  it('leaves the draft exactly as it was, and the same send made again after the restart sends it whole', { timeout: 300_000 }, async () => {
    const world = await crashWorld();
    const config = loadConfig(BASE_TEST_ENV);
    const annexes = await world.withDb(async (db) => {
      await seedDemo(db, { poolId: config.identity.poolId, withIdentities: false });
      // Annexes of at least 2 MW, so both the draft's 1 MW and the send's 2 MW are within what they contracted.
      return (await annexesInForce(db, 'regional', DAY)).filter((annex) => Number(annex.potencia_mw) >= 2);
    });
    expect(annexes.length).toBeGreaterThanOrEqual(10);
    const draftRows = declarations(annexes, '1', '80.00');
    const sentRows = declarations(annexes, '2', '95.50');

    // Held right after the send marked the log book sent: its offers replaced, its state
    // written, the audit row and the commit still to come.
    const first = await world.startServer({ pause: { statement: '^update bitacoras set estado', params: '^\\["enviada"', when: 'after' } });
    const saved = await first.call<{ data: Logbook }>('POST', CREATE, { as: TRADER, body: { mercado: 'MER', fecha_operacion: DAY, filas: draftRows } });
    expect(saved?.status, first.output()).toBe(201);
    const draft = saved!.body.data;
    expect(draft).toMatchObject({ estado: 'borrador', numero: 1 });
    const send = { mercado: 'MER', fecha_operacion: DAY, filas: sentRows, version: draft.version, enviar: true };
    const sending = first.call('POST', CREATE, { as: TRADER, body: send });
    await first.paused();
    if (world.kind === 'postgres') {
      // Seen from outside meanwhile: the server's transaction is open, and none of the send shows.
      await world.withDb(async (db) => {
        const [open] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle in transaction'`,
        );
        expect(open!.n).toBeGreaterThanOrEqual(1);
        expect((await holding(db)).current).toMatchObject({ estado: 'borrador', version: draft.version });
      });
    }
    await first.kill();
    // The caller heard nothing: no answer said it was sent.
    expect(await sending).toBeNull();

    const afterKill = await world.withDb(holding);
    expect(afterKill.current).toMatchObject({ id: draft.id, estado: 'borrador', numero: 1, version: draft.version, enviada_en: null });
    expect(afterKill.lines).toEqual(linesOf(draftRows));
    expect(afterKill).toMatchObject({ bitacoras: 1, bloques: draftRows.length, auditorias: 1 });

    // Started again: the page's send, made again with the version it read, goes through whole.
    const second = await world.startServer();
    const again = await second.call<{ data: Logbook }>('POST', CREATE, { as: TRADER, body: send });
    expect(again?.status, second.output()).toBe(200);
    expect(again!.body.data).toMatchObject({ id: draft.id, estado: 'enviada', enviada_por: TRADER });
    await second.stop();

    const sent = await world.withDb(holding);
    expect(sent.current).toMatchObject({ id: draft.id, estado: 'enviada', numero: 1, version: draft.version + 2 });
    expect(sent.lines).toEqual(linesOf(sentRows));
    expect(sent).toMatchObject({ bitacoras: 1, bloques: sentRows.length, auditorias: 2 });
  });
});

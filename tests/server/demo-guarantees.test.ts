// @vitest-environment node
// The demo's guarantees as the history call reads them: every operator and branch with terms has
// its instruments and the last week stored; the instrument due within ten days raised its alert,
// the one already due is not counted; and a second start writes nothing again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../schemas/date.schema';
import type { GuaranteeAlert, GuaranteeDay, Instrument } from '../../schemas/guarantee.schema';
import { queryRows } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { seedDemoGuarantees } from '../../server/db/seed/demo-guarantees';
import { userWith } from './admin-fixtures';
import { bearer, startTestApp, type TestApp } from './helpers';

const NOW = new Date();
const TODAY = businessToday(NOW);
const WATCHER = 'tesoreria@test.energy';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.resetUsers();
  await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today: NOW });
  await seedDemoGuarantees(t.db, NOW);
  await userWith(t, WATCHER, ['monitoreo'], null);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await t.app.inject({ method, url: `/garantias/api/v1/${url}`, headers: bearer(await t.mintToken(WATCHER)), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

describe('the demo guarantees', () => {
  it('stores the last week of every operator and branch, in its currency, with what is posted', async () => {
    const history = await call<GuaranteeDay[]>('POST', 'get-garantias-historicas', { desde: addDays(TODAY, -7), hasta: addDays(TODAY, -1) });
    const pairs = [...new Set(history.map((day) => `${day.operador} ${day.sucursal} ${day.moneda}`))].sort();
    expect(pairs).toEqual(['AMM GT USD', 'CENACE MX MXN', 'CND PA USD', 'EOR GT USD', 'EOR PA USD', 'EOR SV USD', 'ERCOT US USD', 'UT SV USD']);
    expect(history.filter((day) => day.fecha === addDays(TODAY, -1) && day.operador === 'CENACE')).toEqual([expect.objectContaining({ monto_garantizado: '25000000', agente: 'EPWM-MX' })]);
  });

  it("counts no due instrument, and raised the alert of the one due within ten days", async () => {
    const instruments = await call<Instrument[]>('GET', 'instrumentos?operador=UT');
    expect(instruments.map((item) => item.estado)).toEqual(['vencida', 'vigente']);
    const [ut] = await call<GuaranteeDay[]>('POST', 'get-garantias-historicas', { desde: addDays(TODAY, -1), hasta: addDays(TODAY, -1), operador: 'UT' });
    expect(ut!.monto_garantizado).toBe('350000');
    const alerts = await call<GuaranteeAlert[]>('GET', `alertas?operador=AMM&desde=${addDays(TODAY, -1)}`);
    expect(alerts.filter((alert) => alert.tipo === 'vencimiento').map((alert) => alert.fecha)).toEqual([addDays(TODAY, 10)]);
  });

  it('writes nothing on a second start', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select (select count(*) from garantias_instrumentos) + (select count(*) from garantias_snapshot) as n`))[0]!.n;
    const before = await count();
    await seedDemoGuarantees(t.db, NOW);
    expect(await count()).toBe(before);
  });
});

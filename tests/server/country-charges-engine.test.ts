// @vitest-environment node
// The settlement engine reads the country-charge catalogue (docs/settlements.md, "Charge
// rates"; docs/country-charges.md): an hour of a Panama annex computed by hand, with a main
// toll, a charge per MWh on each side and a kW-month charge spread over the month's hours; a
// charge that feeds no input, or is not in force that day, is not in it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Settlement } from '../../schemas/settlement.schema';
import { queryRows } from '../../server/db/client';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { ADMIN, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

async function charge(codigo: string, fields: Record<string, unknown>) {
  const response = await w.as(ADMIN, {
    method: 'POST',
    url: '/countries/api/v1/create/cargo/',
    payload: { pais_id: 6, codigo, nombre: codigo, unidad: 'USD/MWh', moneda: 'USD', vigente_desde: '2025-01-01', pagador: 'vendedor', ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('an hour of a Panama annex', () => {
  it('carries the main toll, the MMi and MMr rates per MWh and the kW-month charge of its day, computed by hand', async () => {
    await charge('PA_CURTR', { base: 'mwh_inyectado', tasa: '2.40', concepto_liquidacion: 'peaje_principal' });
    await charge('PA_OPINT', { base: 'mwh_ambos', tasa: '0.42', concepto_liquidacion: 'MMi' });
    await charge('PA_SSAA', { base: 'mwh_retirado', tasa: '0.85', concepto_liquidacion: 'MMr' });
    await charge('PA_SPT', { base: 'kw_mes', unidad: 'USD/kW-mes', tasa: '3.85', concepto_liquidacion: 'MMr' });
    // Neither feeds the engine: one is reported only, the other starts after the month.
    await charge('PA_PERD', { base: 'porcentaje', unidad: '%', tasa: '2.1', concepto_liquidacion: null });
    await charge('PA_4LINEA', { base: 'mwh_retirado', tasa: '50', concepto_liquidacion: 'MMr', vigente_desde: '2025-03-01' });

    const contract = await createContract(t, w, ADMIN);
    // 12.5 MW contracted, half of the MMi and MMr charges and all of the main toll.
    const annex = await createAnnex(w, ADMIN, contract.id, { pmi: ['PA-PAN-230'], pmr: ['PA-CHO-230'], pct_cargos_mmi: '50', pct_cargos_mmr: '50', pct_peaje_principal: '100' });
    await t.db.execute(sql`insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh)
      values (${annex.id}, '2025-02-10', 5, 'PE', '10', '0')`);
    await fillMissingMarketData(t.db, contract.id, 2025, 2, 'PE');
    const response = await w.as(ADMIN, { method: 'POST', url: '/liquidacion/api/v3/liquidaciones', payload: { contrato_id: contract.id, anio: 2025, mes: 2, version: 'PE' } });
    expect(response.statusCode, response.body).toBe(201);
    const settlement = response.json().data as Settlement;

    const [hour] = await queryRows<{ energia_total_mwh: string; cargos_mmi: string; cargos_mmr: string }>(
      t.db,
      sql`select energia_total_mwh::text, cargos_mmi::text, cargos_mmr::text from liquidacion_filas
          where liquidacion_id = ${settlement.id} and fecha = '2025-02-10' and periodo = 5`,
    );
    // MMi: 10 MWh x 0.42 x 50 % + 10 MWh x 2.40 (toll) x 100 % = 2.10 + 24.00.
    // MMr: 10 MWh x 0.85 x 50 % + 12,500 kW x 3.85 / 672 hours of February x 50 % = 4.25 + 35.807291... = 40.057291... -> 40.06.
    expect(hour).toEqual({ energia_total_mwh: '10', cargos_mmi: '26.10', cargos_mmr: '40.06' });
  });
});

// The demo data a settlement or invoice spec starts from: the month the demo leaves for users to
// settle, and the contracts each spec settles in it (the demo seed settles and invoices the two
// oldest complete months itself, server/db/seed/demo-settlements.ts).
import type { Page } from '@playwright/test';
import { callApi } from './api';
import { expect } from './fixtures';

/** The complete month `back` months before this one (1: the last complete month), and its days. */
function completeMonth(back: number): { anio: number; mes: number; dias: number } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const anio = first.getUTCFullYear();
  const mes = first.getUTCMonth() + 1;
  return { anio, mes, dias: new Date(Date.UTC(anio, mes, 0)).getUTCDate() };
}

/** The last complete month before today: the demo loads its market data but settles nothing in it. */
export function lastCompleteMonth(): { anio: number; mes: number; dias: number } {
  return completeMonth(1);
}

/**
 * The complete months the demo has final market data for, newest first: the last one, and the
 * two before it, which the demo settles for a few contracts only.
 */
export function demoMarketMonths(): Array<{ anio: number; mes: number; dias: number }> {
  return [1, 2, 3].map(completeMonth);
}

export interface DemoContract {
  id: number;
  empresa_id: number;
  empresa_razon_social: string;
  codigo_contraparte: string;
  sucursal: string;
  tipo_contrato: string;
  tipo_transaccion: 'I' | 'R';
  moneda: string;
}

/** Every demo contract, as the contracts list answers them. */
export async function demoContracts(page: Page): Promise<DemoContract[]> {
  const list = await callApi(page, 'GET', '/contratos/api/v1/get');
  expect(list.status).toBe(200);
  return list.body.data as unknown as DemoContract[];
}

/** A Guatemalan demo contract that settles energy (the demo roles act in Guatemala): the settlements spec's. */
export async function guatemalanEnergyContract(page: Page): Promise<DemoContract> {
  for (const contract of (await demoContracts(page)).filter((row) => row.sucursal === 'GT')) {
    const one = await callApi(page, 'GET', `/contratos/api/v1/get-once-contract/${contract.id}`);
    if (one.body.data?.tipo_liquidacion === 'energia') return contract;
  }
  throw new Error('the demo has no Guatemalan energy contract');
}

// The demo's guarantees (docs/guarantees.md, "Demo"): what each operator requires of each branch,
// the instruments posted (letters of credit, bank guarantees, deposits; one falling due within
// ten days, one already due), and the positions of the last week stored from the demo's own
// documents, settlements and log books, so the history and its alerts show from the first start.
// First start only: a database with any instrument is left alone. The amounts are illustrative.
import { sql } from 'drizzle-orm';
import { addDays, businessToday } from '../../../schemas/date.schema';
import type { GuaranteeOperator, InstrumentKind } from '../../../schemas/guarantee.schema';
import { snapshotDay } from '../../guarantees/snapshot';
import { queryRows, type Db } from '../client';

const SEED_ACTOR = 'seed:demo';
/** Days back whose position is stored (today's is the running product's). */
const HISTORY_DAYS = 7;

interface DemoTerms {
  operador: GuaranteeOperator;
  sucursal: string;
  garantia_pago: string | null;
  garantia_minima: string | null;
}

const TERMS: readonly DemoTerms[] = [
  { operador: 'EOR', sucursal: 'GT', garantia_pago: '1500000', garantia_minima: '500000' },
  { operador: 'EOR', sucursal: 'SV', garantia_pago: '400000', garantia_minima: '250000' },
  { operador: 'EOR', sucursal: 'PA', garantia_pago: '3000000', garantia_minima: '500000' },
  { operador: 'AMM', sucursal: 'GT', garantia_pago: null, garantia_minima: '200000' },
  { operador: 'UT', sucursal: 'SV', garantia_pago: null, garantia_minima: '150000' },
  { operador: 'CND', sucursal: 'PA', garantia_pago: null, garantia_minima: '250000' },
  { operador: 'CENACE', sucursal: 'MX', garantia_pago: '20000000', garantia_minima: '5000000' },
  { operador: 'ERCOT', sucursal: 'US', garantia_pago: null, garantia_minima: '500000' },
];

interface DemoInstrument {
  operador: GuaranteeOperator;
  sucursal: string;
  tipo: InstrumentKind;
  emisor: string;
  numero: string;
  monto: string;
  /** Issued this many days back; due this many days ahead (negative: already due). */
  emitida: number;
  vence: number;
}

const INSTRUMENTS: readonly DemoInstrument[] = [
  { operador: 'EOR', sucursal: 'GT', tipo: 'carta_credito', emisor: 'Banco Industrial', numero: 'CC-EOR-GT-2301', monto: '9000000', emitida: 200, vence: 165 },
  { operador: 'EOR', sucursal: 'SV', tipo: 'garantia_bancaria', emisor: 'Banco Agrícola', numero: 'GB-EOR-SV-118', monto: '9000000', emitida: 120, vence: 245 },
  { operador: 'EOR', sucursal: 'PA', tipo: 'carta_credito', emisor: 'Banco General', numero: 'CC-EOR-PA-0912', monto: '14000000', emitida: 90, vence: 275 },
  { operador: 'AMM', sucursal: 'GT', tipo: 'linea_credito', emisor: 'Banco Industrial', numero: 'LC-AMM-0456', monto: '500000', emitida: 300, vence: 65 },
  { operador: 'AMM', sucursal: 'GT', tipo: 'deposito', emisor: 'Banco de Desarrollo Rural', numero: 'DEP-AMM-0031', monto: '150000', emitida: 355, vence: 10 },
  { operador: 'UT', sucursal: 'SV', tipo: 'fianza', emisor: 'Seguros del Pacífico', numero: 'FZ-UT-2208', monto: '300000', emitida: 370, vence: -5 },
  { operador: 'UT', sucursal: 'SV', tipo: 'fianza', emisor: 'Seguros del Pacífico', numero: 'FZ-UT-2311', monto: '350000', emitida: 6, vence: 359 },
  { operador: 'CND', sucursal: 'PA', tipo: 'deposito', emisor: 'Banco Nacional de Panamá', numero: 'DEP-CND-7781', monto: '800000', emitida: 150, vence: 215 },
  { operador: 'CENACE', sucursal: 'MX', tipo: 'carta_credito', emisor: 'BBVA México', numero: 'CC-CEN-55021', monto: '25000000', emitida: 60, vence: 305 },
  { operador: 'ERCOT', sucursal: 'US', tipo: 'carta_credito', emisor: 'JPMorgan Chase', numero: 'LC-ERCOT-4410', monto: '2000000', emitida: 240, vence: 125 },
];

const agentOf = (sucursal: string) => `EPWM-${sucursal}`;

export async function seedDemoGuarantees(db: Db, today = new Date()): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from garantias_instrumentos`);
  if (existing?.n) return;
  const day = businessToday(today);
  await db.transaction(async (tx) => {
    for (const terms of TERMS) {
      await tx.execute(
        sql`insert into garantias_terminos (operador, sucursal, agente, garantia_pago, garantia_minima, pct_aviso, dias_vencimiento, created_by, updated_by)
            values (${terms.operador}, ${terms.sucursal}, ${agentOf(terms.sucursal)}, ${terms.garantia_pago}, ${terms.garantia_minima}, 20, 30, ${SEED_ACTOR}, ${SEED_ACTOR})
            on conflict do nothing`,
      );
    }
    for (const item of INSTRUMENTS) {
      await tx.execute(
        sql`insert into garantias_instrumentos (operador, sucursal, agente, tipo, emisor, numero, moneda, monto, fecha_emision, fecha_vencimiento, created_by, updated_by)
            values (${item.operador}, ${item.sucursal}, ${agentOf(item.sucursal)}, ${item.tipo}, ${item.emisor}, ${item.numero},
                    ${item.operador === 'CENACE' ? 'MXN' : 'USD'}, ${item.monto}, ${addDays(day, -item.emitida)}, ${addDays(day, item.vence)}, ${SEED_ACTOR}, ${SEED_ACTOR})`,
      );
    }
  });
  // Oldest first, so each day's alerts read the day before it.
  for (let back = HISTORY_DAYS; back >= 1; back -= 1) await snapshotDay(db, addDays(day, -back));
}

// The demo's country-charge catalogue (docs/country-charges.md, "Demo catalogue"): the charges of
// Panama, El Salvador and Mexico that AREAS.md (e) names, each with its periods. The concepts are
// the regulators'; EVERY RATE IS ILLUSTRATIVE (no public source gives them): plausible orders of
// magnitude, so the settlements and pages show real-looking figures. Panama's tariff period
// changed on 1 July 2025; El Salvador's system charges move every quarter and Mexico's tariffs
// every year, from two years before the first start on, the last period open-ended.
import { addDays, firstOfMonth } from '../../../schemas/date.schema';
import type { ChargeValues } from '../../countries/rules';

type Entry = Omit<ChargeValues, 'pais' | 'vigente_desde' | 'vigente_hasta' | 'tasa' | 'moneda'> & { tasa: number };

/** A charge of `pais` whose rate moves by `step` (a share of it) from one period to the next. */
function periods(pais: ChargeValues['pais'], moneda: ChargeValues['moneda'], entry: Entry, starts: readonly string[], step: number, scale: number): ChargeValues[] {
  return starts.map((vigente_desde, index) => {
    const next = starts[index + 1];
    return {
      ...entry,
      pais,
      moneda,
      vigente_desde,
      vigente_hasta: next ? addDays(next, -1) : null,
      tasa: (entry.tasa * (1 + step * index)).toFixed(scale),
    };
  });
}


const PANAMA: Entry[] = [
  { codigo: 'PA_SPT', nombre: 'Uso del Sistema Principal de Transmisión', base: 'kw_mes', unidad: 'USD/kW-mes', tasa: 3.1, referencia_legal: 'Pliego tarifario ETESA', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'PA_CONEX', nombre: 'Conexión', base: 'kw_mes', unidad: 'USD/kW-mes', tasa: 0.95, referencia_legal: 'Pliego tarifario ETESA', pagador: 'compartido', gravado: true, concepto_liquidacion: null },
  { codigo: 'PA_OPINT', nombre: 'Operación Integrada (CND)', base: 'mwh_ambos', unidad: 'USD/MWh', tasa: 0.42, referencia_legal: 'Pliego tarifario ETESA', pagador: 'vendedor', gravado: true, concepto_liquidacion: 'MMi' },
  { codigo: 'PA_SSAA', nombre: 'Servicios auxiliares (reserva, seguimiento de demanda)', base: 'mwh_retirado', unidad: 'USD/MWh', tasa: 0.85, referencia_legal: 'Reglas comerciales del mercado mayorista', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'PA_4LINEA', nombre: 'Cargo cuarta línea de transmisión', base: 'mwh_retirado', unidad: 'USD/MWh', tasa: 0.3, referencia_legal: 'Resolución ASEP (cuarta línea)', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'PA_PERD', nombre: 'Pérdidas de transmisión', base: 'porcentaje', unidad: '%', tasa: 2.1, referencia_legal: 'Pliego tarifario ETESA', pagador: 'vendedor', gravado: false, concepto_liquidacion: null },
  { codigo: 'PA_CURTR', nombre: 'Cargo por uso de la red de transmisión regional (CURTR)', base: 'mwh_inyectado', unidad: 'USD/MWh', tasa: 2.4, referencia_legal: 'Reglamento del Mercado Eléctrico Regional', pagador: 'vendedor', gravado: false, concepto_liquidacion: 'peaje_principal' },
];

const EL_SALVADOR: Entry[] = [
  { codigo: 'SV_CSIS', nombre: 'Cargos del sistema (UT)', base: 'mwh_retirado', unidad: 'USD/MWh', tasa: 1.6, referencia_legal: 'Reglamento de operación del sistema de transmisión y del mercado mayorista', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'SV_CARN', nombre: 'Cargo CARN', base: 'mwh_retirado', unidad: 'USD/MWh', tasa: 1.12, referencia_legal: 'Reglamento de operación del sistema de transmisión y del mercado mayorista', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'SV_TRANS', nombre: 'Uso de la red de transmisión', base: 'mwh_ambos', unidad: 'USD/MWh', tasa: 0.75, referencia_legal: 'Pliego tarifario de transmisión (SIGET)', pagador: 'vendedor', gravado: true, concepto_liquidacion: 'MMi' },
  { codigo: 'SV_CURTR', nombre: 'Cargo por uso de la red de transmisión regional (CURTR)', base: 'mwh_inyectado', unidad: 'USD/MWh', tasa: 2.3, referencia_legal: 'Reglamento del Mercado Eléctrico Regional', pagador: 'vendedor', gravado: false, concepto_liquidacion: 'peaje_principal' },
];

const MEXICO: Entry[] = [
  { codigo: 'MX_TX_HV', nombre: 'Transmisión (≥ 220 kV)', base: 'mwh_retirado', unidad: 'MXN/MWh', tasa: 78.5, referencia_legal: 'Tarifas reguladas de transmisión (CNE)', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'MX_TX_LV', nombre: 'Transmisión (< 220 kV)', base: 'mwh_retirado', unidad: 'MXN/MWh', tasa: 112.4, referencia_legal: 'Tarifas reguladas de transmisión (CNE)', pagador: 'comprador', gravado: true, concepto_liquidacion: null },
  { codigo: 'MX_CENACE', nombre: 'Operación del CENACE', base: 'mwh_ambos', unidad: 'MXN/MWh', tasa: 9.8, referencia_legal: 'Tarifa de operación del CENACE (CNE)', pagador: 'vendedor', gravado: true, concepto_liquidacion: 'MMi' },
  { codigo: 'MX_SCNMEM', nombre: 'Servicios conexos no incluidos en el MEM', base: 'mwh_retirado', unidad: 'MXN/MWh', tasa: 6.2, referencia_legal: 'Tarifas de servicios conexos (CNE)', pagador: 'comprador', gravado: true, concepto_liquidacion: 'MMr' },
  { codigo: 'MX_DIST', nombre: 'Distribución', base: 'mwh_retirado', unidad: 'MXN/MWh', tasa: 185, referencia_legal: 'Tarifas de distribución (CNE)', pagador: 'comprador', gravado: true, concepto_liquidacion: null },
  { codigo: 'MX_CEL', nombre: 'Obligación de Certificados de Energías Limpias', base: 'porcentaje', unidad: '%', tasa: 13.9, referencia_legal: 'Ley del Sector Eléctrico', pagador: 'comprador', gravado: false, concepto_liquidacion: null },
  { codigo: 'MX_CURTR', nombre: 'Peaje de la interconexión con Guatemala', base: 'mwh_inyectado', unidad: 'MXN/MWh', tasa: 41, referencia_legal: 'Contrato de interconexión Tapachula - Los Brillantes', pagador: 'vendedor', gravado: false, concepto_liquidacion: 'peaje_principal' },
];

/** The demo catalogue's periods as of `today` (the first start): every charge of the three countries. */
export function demoChargeCatalogue(today: Date): ChargeValues[] {
  const year = today.getUTCFullYear();
  const quarter = Math.floor(today.getUTCMonth() / 3);
  const quarters = Array.from({ length: 9 }, (_, back) => {
    const index = year * 4 + quarter - (8 - back);
    return firstOfMonth(Math.floor(index / 4), (index % 4) * 3 + 1);
  });
  const years = [year - 2, year - 1, year].map((y) => firstOfMonth(y, 1));
  return [
    ...PANAMA.flatMap((entry) => periods('PA', 'USD', entry, ['2021-07-01', '2025-07-01'], 0.12, 6)),
    ...EL_SALVADOR.flatMap((entry) => periods('SV', 'USD', entry, quarters, 0.02, 6)),
    ...MEXICO.flatMap((entry) => periods('MX', 'MXN', entry, years, 0.045, 6)),
  ];
}

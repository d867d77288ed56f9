import {
  ERCOT_IMPORT_MAX_BYTES,
  type AccumulatedBody,
  type AccumulatedRow,
  type ErcotImported,
  type ErcotMarket,
  type SettledBids,
  type SettledBidsBody,
  type SettlementPoint,
  type SettlementPointsBody,
} from '../../../schemas/ercot.schema';
import { apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';
import { importTableFile, type TableImportOutcome } from '../../lib/files/import-table';
import type { Locale } from '../../lib/i18n/locales';

/** The ERCOT calls of spec section 7 (`/ercot/api/v1/...`, docs/api-ercot.md). */

const ERCOT = '/ercot/api/v1';

/** The day-ahead awards of a range with their DAM price and amount, and their totals. */
export const settledBids = (body: SettledBidsBody) => apiData<SettledBids>({ method: 'POST', path: `${ERCOT}/settled-bids`, body });

/** The settlement-point catalogue (of a type, matching a search), with a market's prices of a range when asked. */
export const settlementPoints = (body: SettlementPointsBody) => apiData<SettlementPoint[]>({ method: 'POST', path: `${ERCOT}/settlement_points`, body });

/** MWh and USD of a range's awards per day, month or point, with the running total. */
export const accumulated = (body: AccumulatedBody) => apiData<AccumulatedRow[]>({ method: 'POST', path: `${ERCOT}/acumulados`, body });

/** The files an import call takes: ERCOT's price files, the awards and the settlement-point list. */
export const ERCOT_IMPORTS = ['precios-dam', 'precios-rtm', 'adjudicaciones', 'puntos'] as const;
export type ErcotImportCall = (typeof ERCOT_IMPORTS)[number];

/** Imports one of ERCOT's files (CSV or workbook): stored, or refused with every problem of the file. */
export const importErcotFile = (call: ErcotImportCall, file: File): Promise<TableImportOutcome<ErcotImported>> =>
  importTableFile<ErcotImported>(`${ERCOT}/${call}`, file, ERCOT_IMPORT_MAX_BYTES);

/** Saves the awards' workbook in the user's language under the server's file name. */
export const downloadSettledBids = (body: SettledBidsBody, idioma: Locale) =>
  saveGeneratedFile({ method: 'POST', path: `${ERCOT}/settled-bids-excel`, body: { ...body, idioma } }, `ercot-settled-bids-${body.desde}-${body.hasta}.xlsx`);

/** Saves the prices of the points named, interval by interval, as a workbook. */
export const downloadPrices = (body: { desde: string; hasta: string; mercado: ErcotMarket; puntos: string[] }, idioma: Locale) =>
  saveGeneratedFile({ method: 'POST', path: `${ERCOT}/precios-excel`, body: { ...body, idioma } }, `ercot-${body.mercado}-${body.desde}-${body.hasta}.xlsx`);

/** Saves the accumulated figures' workbook. */
export const downloadAccumulated = (body: AccumulatedBody, idioma: Locale) =>
  saveGeneratedFile({ method: 'POST', path: `${ERCOT}/acumulados-excel`, body: { ...body, idioma } }, `ercot-acumulados-${body.desde}-${body.hasta}.xlsx`);

import { EPWM_BRANCHES } from '../../../schemas/contract.schema';
import { SETTLEMENT_STATES, SETTLEMENT_VERSIONS, type SettlementListQuery } from '../../../schemas/settlement.schema';
import type { SettlementSummaryQuery } from '../../../schemas/settlement-summary.schema';
import { oneOf, wholeIn } from '../../lib/grid/url-values';

/**
 * The filters of `/liquidaciones` as the URL keeps them (`?anio=2026&version=DF&pagina=2`), and
 * what they make of the list's query and the dashboard's body. A hand-edited value the server
 * would refuse is left out rather than sent.
 */

export const FILTER_NAMES = ['anio', 'mes', 'version', 'estado', 'contrato', 'empresa', 'pais'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** The server's page (`?pagina=`), kept apart from the filters: a new filter shows page 1. */
export const PAGE_PARAM = 'pagina';
export const URL_PARAMS = [...FILTER_NAMES, PAGE_PARAM] as const;

/** Settlements per page: a month of every demo contract fits one. */
export const PER_PAGE = 50;

/** The list's query (filters and page) of the URL's parameters. */
export function listQueryOf(params: Record<string, string>): SettlementListQuery {
  const query: SettlementListQuery = {
    anio: wholeIn(params.anio, 2000, 2999),
    mes: wholeIn(params.mes, 1, 12),
    version: oneOf(params.version, SETTLEMENT_VERSIONS),
    estado: oneOf(params.estado, SETTLEMENT_STATES),
    contrato_id: wholeIn(params.contrato, 1, 2_147_483_647),
    empresa_id: wholeIn(params.empresa, 1, 2_147_483_647),
    pais: oneOf(params.pais, EPWM_BRANCHES),
    pagina: wholeIn(params[PAGE_PARAM], 1, 100_000) ?? 1,
    por_pagina: PER_PAGE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as SettlementListQuery;
}

/**
 * The dashboard's body: the list's year (the current one without it), country and version. The
 * month, state, contract and company narrow the list only: the dashboard shows the year.
 */
export function summaryQueryOf(query: SettlementListQuery, now = new Date()): SettlementSummaryQuery {
  return {
    anio: query.anio ?? now.getFullYear(),
    ...(query.pais ? { pais: query.pais as SettlementSummaryQuery['pais'] } : {}),
    ...(query.version ? { version: query.version } : {}),
  };
}

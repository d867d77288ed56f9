import { CURRENCIES, EPWM_BRANCHES } from '../../../schemas/contract.schema';
import { INVOICE_DIRECTIONS, INVOICE_STATES, type InvoiceListQuery } from '../../../schemas/invoice.schema';
import { oneOf, wholeIn } from '../../lib/grid/url-values';

/**
 * The filters of `/facturacion` as the URL keeps them (`?sentido=cobrar&anio=2026&mes=3&estado=GUARDADO`), and
 * the list query they make. A hand-edited value the server would refuse is left out rather
 * than sent.
 */

export const FILTER_NAMES = ['sentido', 'anio', 'mes', 'pais', 'estado', 'empresa', 'moneda'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
/** The server's page (`?pagina=`), kept apart from the filters: a new filter shows page 1. */
export const PAGE_PARAM = 'pagina';
export const URL_PARAMS = [...FILTER_NAMES, PAGE_PARAM] as const;

/** Invoices per page: a month of every demo contract fits one. */
export const PER_PAGE = 50;

/** The list's query (filters and page) of the URL's parameters. */
export function invoiceQueryOf(params: Record<string, string>): InvoiceListQuery {
  const query: InvoiceListQuery = {
    sentido: oneOf(params.sentido, INVOICE_DIRECTIONS),
    anio: wholeIn(params.anio, 2000, 2999),
    mes: wholeIn(params.mes, 1, 12),
    pais: oneOf(params.pais, EPWM_BRANCHES),
    estado: oneOf(params.estado, INVOICE_STATES),
    empresa_id: wholeIn(params.empresa, 1, 2_147_483_647),
    moneda: oneOf(params.moneda, CURRENCIES),
    pagina: wholeIn(params[PAGE_PARAM], 1, 100_000) ?? 1,
    por_pagina: PER_PAGE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as InvoiceListQuery;
}

import { vi } from 'vitest';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import type { Invoice, InvoiceDetail } from '../../schemas/invoice.schema';
import { session, signedIn, userWith } from '../app/helpers/session-double';

/** The signed-in user of the session double (tests/app/helpers/session-double.ts). */
export const ME = 'ada@demo.energy';

/**
 * A Guatemalan draft invoice of contract CP-0003 for March 2026 (settlement 12): four lines
 * adding up to the subtotal, VAT at 12 %, nothing paid.
 */
export function invoice(changes: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 41,
    tipo_documento: 'factura',
    sentido: 'cobrar',
    liquidacion_id: 12,
    factura_origen_id: null,
    contrato_id: 3,
    contrato_codigo: 'CP-0003',
    empresa_id: 5,
    razon_social: 'Generadora Norte, S.A.',
    nit: '1234567-8',
    direccion: '5a avenida 10-20, zona 10, Guatemala',
    incoterm: 'DAP',
    pais: 'GT',
    anio: 2026,
    mes: 3,
    version_liquidacion: 'DF',
    descripcion: 'Energía y potencia de marzo de 2026',
    energia_mwh: '3720',
    precio_unitario: '90.1',
    subtotal: '450648.24',
    descuento_pct: '0',
    descuento: '0',
    ajuste: '0',
    tasa_iva: '12',
    iva: '54077.79',
    total: '504726.03',
    pagado: '0',
    saldo: '504726.03',
    moneda: 'USD',
    tipo_cambio: '1',
    estado: 'GUARDADO',
    solicitado_por: null,
    solicitado_en: null,
    numero: null,
    fecha_emision: null,
    fecha_vencimiento: null,
    dias_credito: 30,
    archivo_fisica: null,
    archivo_flex: null,
    emitido_por: null,
    emitido_en: null,
    conciliado_en: null,
    version: 3,
    lineas: [
      { concepto: 'energia', cantidad_mwh: '3720', monto: '335172' },
      { concepto: 'potencia', cantidad_mwh: null, monto: '112500.24' },
      { concepto: 'cargos_mmi', cantidad_mwh: null, monto: '1116' },
      { concepto: 'cargos_mmr', cantidad_mwh: null, monto: '1860' },
    ],
    pagos: [],
    ...changes,
  };
}

/** The same invoice requested by `by`. */
export function requested(by: string, changes: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return invoice({ estado: 'SOLICITADO', solicitado_por: by, solicitado_en: '2026-04-03T09:00:00.000Z', version: 4, ...changes });
}

/** The same invoice issued (requested by someone else), with `pagado` paid. */
export function issued(pagado = '0', changes: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const saldo = (Number(504726.03) * 100 - Math.round(Number(pagado) * 100)) / 100;
  return requested('bruno@demo.energy', {
    estado: 'FACTURADO',
    numero: 'FEL-2026-0007',
    fecha_emision: '2026-04-05',
    fecha_vencimiento: '2026-05-05',
    archivo_fisica: 'f_00000000-0000-4000-8000-000000000001',
    archivo_flex: 'f_00000000-0000-4000-8000-000000000002',
    emitido_por: 'carla@demo.energy',
    emitido_en: '2026-04-05T10:00:00.000Z',
    pagado,
    saldo: saldo.toFixed(2),
    version: 5,
    ...changes,
  });
}

/** A row of the list: the invoice without its lines and payments. */
export function listRow(changes: Partial<Invoice> = {}): Invoice {
  const { lineas: _lines, pagos: _payments, ...row } = invoice();
  return { ...row, ...changes };
}

/** Signed in as Ada with these view keys; `validate` is her role's Settlements validate (who may issue). */
export function signedInAs({ keys = ['facturacion'], validate = false }: { keys?: PermissionKey[]; validate?: boolean } = {}) {
  const permisos = uniformRolePermissions(true);
  session.current = {
    ...signedIn(keys),
    signIn: vi.fn(),
    user: { ...userWith(keys), permisos_x_pagina: { ...permisos, Settlements: { ...permisos.Settlements, validate } } },
  };
}

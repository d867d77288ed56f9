// Invoicing records in known states, written with SQL as the invoicing routes would leave them:
// validated settlements (an invoice's source), issued documents whose amounts keep the
// `facturas` checks (VAT computed by the database exactly as the check does), and payments with
// the document's `pagado` (and CONCILIADO once covered) kept in step, as the payment route does.
import { sql } from 'drizzle-orm';
import type { InvoiceDirection, InvoiceKind, InvoiceState } from '../../schemas/invoice.schema';
import type { Contract } from '../../schemas/contract.schema';
import { queryRows } from '../../server/db/client';
import { storedFileKey } from './companies-fixtures';
import type { TestApp } from './helpers';

const PREPARER = 'preparador@test.energy';
const VALIDATOR = 'validador@test.energy';
const REQUESTER = 'solicitante@test.energy';
const ISSUER = 'emisor@test.energy';

interface SettlementFixture {
  contrato_id: number;
  anio: number;
  mes: number;
  version?: 'PE' | 'DF' | 'CD';
  reconciliacion?: number;
  /** The settlement's `factura` (USD). */
  factura: string;
  factura_mxn?: string | null;
  /** Default true: validated by someone else than its preparer. */
  validated?: boolean;
}

/** A settlement as the engine and the validation leave it (no rows: accounting reads the totals). */
export async function insertSettlement(t: TestApp, spec: SettlementFixture): Promise<number> {
  const version = spec.version ?? 'DF';
  const validated = spec.validated ?? true;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion, estado, factura, factura_mxn,
          calculada_por, calculada_en, validada_por, validada_en, created_by)
        values (${spec.contrato_id}, ${spec.anio}, ${spec.mes}, ${version}, ${version === 'CD' ? (spec.reconciliacion ?? 1) : 0},
          ${validated ? 'validada' : 'preliminar'}, ${spec.factura}, ${spec.factura_mxn ?? null},
          ${PREPARER}, now(), ${validated ? VALIDATOR : null}, ${validated ? sql`now()` : null}, ${PREPARER})
        returning id`,
  );
  return row!.id;
}

export interface DocumentFixture {
  contract: Contract;
  liquidacion_id: number;
  tipo_documento?: InvoiceKind;
  sentido: InvoiceDirection;
  subtotal: string;
  tasa_iva: string;
  /** Default FACTURADO (issued); GUARDADO or SOLICITADO leave the issue fields empty. */
  estado?: InvoiceState;
  numero?: string;
  fecha_emision?: string;
  fecha_vencimiento?: string;
  factura_origen_id?: number;
}

let files: Promise<{ fisica: string; flex: string }> | undefined;

/** An invoice or note of `liquidacion_id`, its VAT and total as the check computes them; answers its id. */
export async function insertDocument(t: TestApp, spec: DocumentFixture): Promise<number> {
  files ??= (async () => ({ fisica: await storedFileKey(t, 'factura-fisica.pdf'), flex: await storedFileKey(t, 'factura-flex.pdf') }))();
  const { fisica, flex } = await files;
  const estado = spec.estado ?? 'FACTURADO';
  const requested = estado !== 'GUARDADO';
  const issued = estado === 'FACTURADO' || estado === 'CONCILIADO';
  const { contract } = spec;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into facturas (tipo_documento, sentido, liquidacion_id, factura_origen_id, contrato_id, empresa_id, contrato_codigo,
          razon_social, nit, direccion, incoterm, pais, anio, mes, energia_mwh, subtotal, tasa_iva, iva, total, moneda, tipo_cambio,
          estado, tipo_credito, dias_credito, solicitado_por, solicitado_en, numero, fecha_emision, fecha_vencimiento,
          archivo_fisica, archivo_flex, emitido_por, emitido_en, created_by)
        select ${spec.tipo_documento ?? 'factura'}, ${spec.sentido}, l.id, ${spec.factura_origen_id ?? null}, ${contract.id}, ${contract.empresa_id},
          ${contract.codigo_contraparte}, 'Razón social', 'NIT-1', 'Dirección', ${contract.incoterm}, ${contract.sucursal}, l.anio, l.mes, 100,
          ${spec.subtotal}::numeric, ${spec.tasa_iva}::numeric, round(${spec.subtotal}::numeric * ${spec.tasa_iva}::numeric / 100, 2),
          ${spec.subtotal}::numeric + round(${spec.subtotal}::numeric * ${spec.tasa_iva}::numeric / 100, 2), ${contract.moneda}, 1,
          ${estado}, ${contract.tipo_credito}, ${contract.dias_credito},
          ${requested ? REQUESTER : null}, ${requested ? sql`now()` : null}, ${issued ? (spec.numero ?? null) : null},
          ${issued ? (spec.fecha_emision ?? null) : null}, ${issued ? (spec.fecha_vencimiento ?? null) : null},
          ${issued ? fisica : null}, ${issued ? flex : null}, ${issued ? ISSUER : null}, ${issued ? sql`now()` : null}, ${REQUESTER}
        from liquidaciones l where l.id = ${spec.liquidacion_id}
        returning id`,
  );
  return row!.id;
}

/** A payment on an issued document: its row, the document's `pagado`, and CONCILIADO when it covers the total. */
export async function recordPayment(t: TestApp, facturaId: number, fecha: string, monto: string, referencia = `REF-${facturaId}-${fecha}`): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`insert into pagos (factura_id, fecha, monto, moneda, referencia, registrado_por)
      select id, ${fecha}, ${monto}, moneda, ${referencia}, ${REQUESTER} from facturas where id = ${facturaId}`);
    await tx.execute(sql`update facturas set pagado = pagado + ${monto}::numeric,
        estado = case when pagado + ${monto}::numeric = total then 'CONCILIADO' else estado end,
        conciliado_en = case when pagado + ${monto}::numeric = total then now() end
      where id = ${facturaId}`);
  });
}

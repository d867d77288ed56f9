// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiRequest } from '../../src/lib/api/client';
import { DATA_AREAS } from '../../src/lib/data-areas/data-areas';
import { fillPath, runOperation } from '../../src/lib/data-areas/run-operation';

function recordingClient(response: unknown = {}) {
  const calls: ApiRequest[] = [];
  const client: ApiClient = async <T,>(request: ApiRequest): Promise<T> => {
    calls.push(request);
    return response as T;
  };
  return { client, calls };
}

describe('data areas table', () => {
  it('declares the fourteen data areas of spec section 3', () => {
    expect(Object.keys(DATA_AREAS).sort()).toEqual(
      [
        'company',
        'contact',
        'contract',
        'annex',
        'files',
        'liquidacion',
        'factura',
        'countries',
        'accounting',
        'monitoring',
        'ercot',
        'reports',
        'logBook',
        'permissions',
      ].sort(),
    );
  });

  it('sends every report as a POST under /reportes/api/v1 (spec section 7)', () => {
    const reports = Object.values(DATA_AREAS.reports);
    expect(reports).toHaveLength(22);
    for (const spec of reports) {
      expect(spec.method).toBe('POST');
      expect(spec.path).toMatch(/^\/reportes\/api\/v1\/[a-z-]+$/);
    }
  });
});

describe('runOperation', () => {
  it('fills path parameters and sends no body on a read', async () => {
    const { client, calls } = recordingClient({ id: 9 });
    await expect(runOperation('company', 'getOne', { path: { id: 9 } }, { client })).resolves.toEqual({ id: 9 });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/empresas/api/v1/get-once/9', body: undefined });
  });

  it('refuses a call whose path parameter is missing', () => {
    expect(() => fillPath('/anexos/api/v1/update/:id')).toThrow(/Missing path parameter 'id'/);
  });

  it('removes date from the body of the two cash-flow calls only', async () => {
    const { client, calls } = recordingClient([]);
    const body = { date: '2026-01-01', sucursal: 'GT' };
    await runOperation('accounting', 'cashFlowBranches', { body }, { client });
    await runOperation('accounting', 'cashFlowAccumulated', { body }, { client });
    await runOperation('accounting', 'cashFlowDates', { body }, { client });
    expect(calls.map((call) => call.body)).toEqual([{ sucursal: 'GT' }, { sucursal: 'GT' }, body]);
  });

  it('sends contact creation to the gateway', async () => {
    const { client, calls } = recordingClient({});
    await runOperation('contact', 'create', { body: { nombre: 'Eva' } }, { client, gatewayUrl: async () => 'http://gw.test/gateway/' });
    expect(calls[0]).toMatchObject({ method: 'POST', path: 'http://gw.test/gateway/contactos', body: { nombre: 'Eva' } });
  });

  it('reads the data field of user calls', async () => {
    const { client } = recordingClient({ data: [{ id: 1 }] });
    await expect(runOperation('permissions', 'users', {}, { client })).resolves.toEqual([{ id: 1 }]);
  });

  it('accepts Mexico import agents as a bare array, or wrapped in data or results', async () => {
    for (const response of [[{ a: 1 }], { data: [{ a: 1 }] }, { results: [{ a: 1 }] }]) {
      const { client } = recordingClient(response);
      await expect(runOperation('logBook', 'mexImportAgents', {}, { client })).resolves.toEqual([{ a: 1 }]);
    }
  });

  it('passes the AMM date range as query parameters', async () => {
    const { client, calls } = recordingClient([]);
    const query = { start_date: '2026-01-01', end_date: '2026-01-31' };
    await runOperation('logBook', 'activeAmmAnnexes', { query }, { client });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/bitacoras/api/v1/anexos-activos-filtro', query });
  });
});

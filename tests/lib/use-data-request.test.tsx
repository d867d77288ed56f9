// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error';

const runOperation = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/data-areas/run-operation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/data-areas/run-operation')>()),
  runOperation,
}));

const { useDataRequest } = await import('../../src/lib/data-areas/use-data-request');

describe('useDataRequest', () => {
  afterEach(() => runOperation.mockReset());

  it('goes idle -> loading -> success with the data, and reset returns to idle with an empty list', async () => {
    runOperation.mockResolvedValue([{ id: 1 }]);
    const { result } = renderHook(() => useDataRequest('countries', 'charges'));
    expect(result.current).toMatchObject({ state: 'idle', data: [], error: null });

    act(() => result.current.send({ body: { pais: 6 } }));
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('success'));
    expect(result.current.data).toEqual([{ id: 1 }]);
    expect(runOperation).toHaveBeenCalledWith('countries', 'charges', { body: { pais: 6 } }, expect.objectContaining({}));

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ state: 'idle', data: [] });
  });

  it('stores the failure message and the API error as payload', async () => {
    const error = new ApiError('badResponse', 'Database unavailable', { statusCode: 500 });
    runOperation.mockRejectedValue(error);
    const { result } = renderHook(() => useDataRequest('company', 'getOne'));
    act(() => result.current.send({ path: { id: 3 } }));
    await waitFor(() => expect(result.current.state).toBe('failure'));
    expect(result.current.error).toEqual({ message: 'Database unavailable', payload: error });
    expect(result.current.data).toEqual({});
  });
});

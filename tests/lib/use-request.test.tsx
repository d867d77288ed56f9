// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error';
import { useRequest } from '../../src/lib/api/use-request';

const forbidden = new ApiError('clientError', 'Forbidden', {
  statusCode: 403,
  body: { statusCode: 403, code: 'APP_ERR_AUTH_FORBIDDEN', message: 'Forbidden' },
});

describe('useRequest', () => {
  it('goes idle -> loading -> success with the data, and reset returns to idle with no data', async () => {
    const perform = vi.fn(async (pais: number) => [{ id: 1, pais }]);
    const { result } = renderHook(() => useRequest(perform, { empty: 'list' }));
    expect(result.current).toMatchObject({ state: 'idle', data: null, failure: null });

    act(() => result.current.send(6));
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('success'));
    expect(result.current.data).toEqual([{ id: 1, pais: 6 }]);
    expect(perform).toHaveBeenCalledWith(6, expect.any(AbortSignal));

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ state: 'idle', data: null });
  });

  it('stores an empty list or object when a success brings no body', async () => {
    const { result } = renderHook(() => useRequest(async () => undefined, { empty: 'list', load: [] }));
    await waitFor(() => expect(result.current.state).toBe('success'));
    expect(result.current.data).toEqual([]);
  });

  it('reads a failure once: the message key of the server code, the server message, the field details', async () => {
    const onFailure = vi.fn();
    const { result } = renderHook(() => useRequest(async () => Promise.reject(forbidden), { load: [], onFailure }));
    await waitFor(() => expect(result.current.state).toBe('failure'));
    expect(result.current.failure).toEqual({ messageKey: 'errors.APP_ERR_AUTH_FORBIDDEN', serverMessage: 'Forbidden', code: 'APP_ERR_AUTH_FORBIDDEN', fields: {} });
    expect(result.current.data).toBeNull();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('a read loads at once and again when its dependencies change, keeping the last answer meanwhile', async () => {
    let answer: (value: string) => void = () => undefined;
    const { result, rerender } = renderHook(({ id }) => useRequest(() => new Promise<string>((resolve) => (answer = resolve)), { load: [id] }), {
      initialProps: { id: 1 },
    });
    expect(result.current.state).toBe('loading');
    act(() => answer('first'));
    await waitFor(() => expect(result.current.data).toBe('first'));

    rerender({ id: 2 });
    expect(result.current.state).toBe('loading');
    expect(result.current.data).toBe('first');
    act(() => answer('second'));
    await waitFor(() => expect(result.current.data).toBe('second'));
  });

  it('calls onSuccess once per success with the data and the params', async () => {
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useRequest(async (id: number) => ({ id }), { onSuccess }));
    act(() => result.current.send(4));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 4 }, 4));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});

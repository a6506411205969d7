import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './http';

afterEach(() => vi.unstubAllGlobals());

async function failureOf(response: Response): Promise<ApiError> {
  vi.stubGlobal('fetch', vi.fn(async () => response));
  try {
    await api('/api/anything', { method: 'POST', json: {} });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('api() did not fail');
}

describe('api() on a 429', () => {
  it("shows the server's message, which says the wait in words", async () => {
    const body = { error: { code: 'rate_limited', message: 'Too many attempts. Please try again in 4 minutes.' } };
    const error = await failureOf(new Response(JSON.stringify(body), { status: 429, headers: { 'retry-after': '240' } }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many attempts. Please try again in 4 minutes.' });
  });

  it('makes the message from Retry-After when the answer has none (a proxy, say)', async () => {
    const error = await failureOf(new Response('', { status: 429, headers: { 'retry-after': '120' } }));
    expect(error.message).toBe('Too many attempts. Please try again in 2 minutes.');
  });

  it('says a minute when there is no Retry-After either', async () => {
    const error = await failureOf(new Response('<html>slow down</html>', { status: 429 }));
    expect(error.message).toBe('Too many attempts. Please try again in 1 minute.');
  });
});

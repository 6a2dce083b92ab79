import { describe, expect, it } from 'vitest';
import { settlesWithin, waitFor } from './waiting.js';

describe('waitFor (test helper)', () => {
  it('resolves as soon as the condition holds, checking it again after each pause', async () => {
    let checks = 0;
    await waitFor(() => {
      checks += 1;
      return checks === 3;
    }, 'the third check');
    expect(checks).toBe(3);
  });

  it('rejects past its bound with a message naming what it waited for', async () => {
    await expect(
      waitFor(() => false, 'a condition that never holds', { timeoutMs: 30, intervalMs: 5 }),
    ).rejects.toThrow('timed out after 30 ms waiting for a condition that never holds');
  });

  it('rejects at once when the condition throws', async () => {
    await expect(
      waitFor(() => {
        throw new Error('the process exited first');
      }, 'never reached'),
    ).rejects.toThrow('the process exited first');
  });
});

describe('settlesWithin (test helper)', () => {
  it("gives the promise's value, or rejects naming what never settled", async () => {
    await expect(settlesWithin(Promise.resolve(42), 'an answer')).resolves.toBe(42);
    await expect(settlesWithin(Promise.reject(new Error('no')), 'an answer')).rejects.toThrow('no');
    await expect(
      settlesWithin(new Promise(() => undefined), 'a promise nobody settles', { timeoutMs: 20 }),
    ).rejects.toThrow('timed out after 20 ms waiting for a promise nobody settles');
  });
});

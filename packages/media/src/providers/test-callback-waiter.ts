// An in-memory ProviderCallbackWaiter for the adapters' tests (the server's is backed by the database).
import type { CallbackProvider, ProviderCallbackWaiter } from './provider-callbacks.ts';

export class TestCallbackWaiter implements ProviderCallbackWaiter {
  readonly expected: string[] = [];
  readonly #arrived = new Set<string>();
  readonly #wakers = new Map<string, () => void>();

  async expect(provider: CallbackProvider, id: string): Promise<void> {
    this.expected.push(`${provider}:${id}`);
  }

  /** A verified callback for this prediction came in. */
  arrive(provider: CallbackProvider, id: string): void {
    const key = `${provider}:${id}`;
    this.#arrived.add(key);
    this.#wakers.get(key)?.();
  }

  wait(provider: CallbackProvider, id: string, timeoutMs: number, signal: AbortSignal): Promise<boolean> {
    const key = `${provider}:${id}`;
    if (this.#arrived.has(key)) return Promise.resolve(true);
    return new Promise((resolve, reject) => {
      const done = (arrived: boolean) => {
        clearTimeout(timer);
        this.#wakers.delete(key);
        signal.removeEventListener('abort', onAbort);
        resolve(arrived);
      };
      const onAbort = () => {
        clearTimeout(timer);
        this.#wakers.delete(key);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.#wakers.set(key, () => done(true));
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

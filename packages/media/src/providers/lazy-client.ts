/**
 * A provider SDK's client, made on first use: a process that never calls the provider never loads its
 * SDK (ElevenLabs' alone is 5,439 CommonJS modules, 1.2 s of every process's start). A failed load is
 * not kept, so the next call tries again. Callers take the client before a call's deadline starts, so
 * loading never counts against the provider's time.
 */
export function lazyClient<T>(make: () => Promise<T>): () => Promise<T> {
  let client: Promise<T> | undefined;
  return () => {
    if (!client) {
      client = make();
      client.catch(() => (client = undefined));
    }
    return client;
  };
}

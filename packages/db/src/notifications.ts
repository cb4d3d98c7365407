import pg from 'pg';
import type { DatabaseHandle } from './client.ts';
import { pgliteGate } from './pglite-gate.ts';

/** The channel the generation_jobs trigger notifies, with the job's project id as payload. */
export const GENERATION_JOBS_CHANNEL = 'generation_jobs';

/** The channel the system_settings trigger notifies, with the changed group's key ('*': all of them). */
export const SYSTEM_SETTINGS_CHANNEL = 'system_settings';

/** The channel a completed provider callback is announced on, as '<provider>:<external id>'. */
export const PROVIDER_CALLBACKS_CHANNEL = 'provider_callbacks';

export interface ChannelListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * Called after the listening connection was lost and is back: notifications sent meanwhile are
   * gone, so the caller reads what it follows again.
   */
  onReconnect?: () => void;
  /** Told when the listening connection fails (it is opened again with a growing pause). */
  onError?: (err: Error) => void;
  /** Longest pause between reconnection attempts (PostgreSQL). */
  maxRetryMs?: number;
}

/**
 * Listens on a channel. On PostgreSQL every channel of a pool shares one dedicated client beside the pool
 * (a pooled connection would be handed back and lose its LISTEN), opened again when it drops: a server
 * following job progress, settings changes and provider callbacks holds one listening connection, not
 * three. On PGlite it is the embedded instance itself, reached through the gate so the LISTEN never runs
 * inside someone's transaction.
 */
export async function listenToChannel(database: DatabaseHandle, channel: string, onMessage: (payload: string) => void, options: ListenOptions = {}): Promise<ChannelListener> {
  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await pgliteGate(database.db)(() => pglite.listen(channel, onMessage));
    return {
      close: async () => {
        if (!pglite.closed) await pgliteGate(database.db)(() => unlisten());
      },
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error('listenToChannel: the database has neither a PGlite instance nor a pool');
  let shared = sharedListeners.get(pool);
  if (!shared) sharedListeners.set(pool, (shared = new SharedPostgresListener(pool.options, () => sharedListeners.delete(pool))));
  return shared.subscribe(channel, onMessage, options);
}

interface Subscription {
  channel: string;
  onMessage: (payload: string) => void;
  options: ListenOptions;
}

const sharedListeners = new WeakMap<pg.Pool, SharedPostgresListener>();

/** One listening client for every channel subscribed on a pool; ended when the last subscription closes. */
class SharedPostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly subscriptions = new Set<Subscription>();
  /** The subscriptions that were listening when the connection was lost: told once it is back. */
  private readonly missed = new Set<Subscription>();
  private retryMs = 250;
  private timer: NodeJS.Timeout | undefined;
  private ended = false;
  private readonly config: pg.ClientConfig;
  private readonly onEnded: () => void;

  constructor(config: pg.ClientConfig, onEnded: () => void) {
    this.config = config;
    this.onEnded = onEnded;
  }

  /** A subscription's first LISTEN must work: a server that cannot listen should not start. */
  async subscribe(channel: string, onMessage: (payload: string) => void, options: ListenOptions): Promise<ChannelListener> {
    const subscription: Subscription = { channel, onMessage, options };
    this.subscriptions.add(subscription);
    try {
      await this.connected();
      // A client that connected before this channel was added has not heard of it; LISTEN twice is harmless.
      await this.client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await this.unsubscribe(subscription);
      if (this.missed.size > 0) this.reconnectLater();
      throw err;
    }
    return { close: () => this.unsubscribe(subscription) };
  }

  /** Connects now if there is no client (a pending reconnection included), once for every caller at a time. */
  private connected(): Promise<void> {
    if (this.client) return Promise.resolve();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private channels(): Set<string> {
    return new Set([...this.subscriptions].map((s) => s.channel));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (msg) => {
      for (const s of this.subscriptions) if (s.channel === msg.channel) s.onMessage(msg.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      for (const channel of this.channels()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.ended) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 250;
    const told = [...this.missed].filter((s) => this.subscriptions.has(s));
    this.missed.clear();
    for (const s of told) s.options.onReconnect?.();
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.ended || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    for (const s of this.subscriptions) {
      this.missed.add(s);
      s.options.onError?.(err);
    }
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.ended || this.timer || this.connecting) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connected().catch((err: Error) => {
        for (const s of this.subscriptions) s.options.onError?.(err);
        const longest = Math.min(...[...this.subscriptions].map((s) => s.options.maxRetryMs ?? 10_000));
        this.retryMs = Math.min(this.retryMs * 2, Number.isFinite(longest) ? longest : 10_000);
        this.reconnectLater();
      });
    }, this.retryMs);
  }

  private async unsubscribe(subscription: Subscription): Promise<void> {
    if (!this.subscriptions.delete(subscription)) return;
    this.missed.delete(subscription);
    const client = this.client;
    if (this.subscriptions.size > 0) {
      // Nobody else follows this channel: stop hearing it.
      if (client && !this.channels().has(subscription.channel)) await client.query(`UNLISTEN ${pg.escapeIdentifier(subscription.channel)}`).catch(() => undefined);
      return;
    }
    this.ended = true;
    this.onEnded();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

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
 * Listens on a channel with one connection for the whole process. On PostgreSQL that is a dedicated
 * client beside the pool (a pooled connection would be handed back and lose its LISTEN), opened again
 * when it drops; on PGlite it is the embedded instance itself, reached through the gate so the LISTEN
 * never runs inside someone's transaction.
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
  if (!database.pool) throw new Error('listenToChannel: the database has neither a PGlite instance nor a pool');
  return PostgresListener.start(database.pool.options, channel, onMessage, options);
}

class PostgresListener implements ChannelListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | undefined;

  private readonly config: pg.ClientConfig;
  private readonly channel: string;
  private readonly onMessage: (payload: string) => void;
  private readonly options: ListenOptions;

  private constructor(config: pg.ClientConfig, channel: string, onMessage: (payload: string) => void, options: ListenOptions) {
    this.config = config;
    this.channel = channel;
    this.onMessage = onMessage;
    this.options = options;
  }

  static async start(config: pg.ClientConfig, channel: string, onMessage: (payload: string) => void, options: ListenOptions): Promise<PostgresListener> {
    const listener = new PostgresListener(config, channel, onMessage, options);
    // The first connection must work: a server that cannot listen should not start.
    await listener.connect();
    return listener;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onMessage(msg.payload ?? '');
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 250;
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.options.onError?.(err);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.connect().then(
        () => {
          if (!this.closed) this.options.onReconnect?.();
        },
        (err: Error) => {
          this.options.onError?.(err);
          this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000);
          this.reconnectLater();
        },
      );
    }, this.retryMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

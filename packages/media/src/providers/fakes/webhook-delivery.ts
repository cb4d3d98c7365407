// How the fakes call a webhook URL back: a real POST by default; a test may route it elsewhere
// (into app.inject(), say, for a PUBLIC_URL that does not resolve here), or drop it (a lost callback).
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type WebhookDeliver = (post: WebhookPost) => Promise<number>;

export const postWebhook: WebhookDeliver = async ({ url, headers, body }) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  return response.status;
};

/** A fake's callbacks: where each went and what the receiver answered (0: dropped or unreachable). */
export class FakeWebhooks {
  deliver: WebhookDeliver = postWebhook;
  /** Lose every callback (the receiver never hears of the finished prediction). */
  drop = false;
  readonly sent: (WebhookPost & { status: number })[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();

  /**
   * The callback overtakes the create call's answer: a prediction that finishes at once is called back,
   * and the receiver has answered, before the fake answers the create call (a fast provider's callback
   * may reach the receiver before the create call's answer does).
   */
  overtake = false;

  /** Runs `finish` after `ms` (a prediction finishing on its own), then calls back when it answers a post. */
  later(ms: number, finish: () => Promise<WebhookPost | undefined>): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.now(finish);
    }, ms);
    this.#timers.add(timer);
  }

  /** Runs `finish` now and calls back when it answers a post; resolves once the receiver has answered. */
  async now(finish: () => Promise<WebhookPost | undefined>): Promise<void> {
    const post = await finish();
    if (!post) return;
    const status = this.drop ? 0 : await this.deliver(post).catch(() => 0);
    this.sent.push({ ...post, status });
  }

  reset(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.sent.length = 0;
    this.drop = false;
    this.overtake = false;
    this.deliver = postWebhook;
  }
}

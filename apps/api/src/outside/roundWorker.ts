/**
 * Runs an outbox's rounds in the background (fiscalization, delivery): one at a time, at start, when
 * kicked (after an issue, a payment) and every `intervalMs` after the last one ended; a kick during a
 * round runs another right after it. A round that throws is logged and the next one comes anyway.
 * The timer does not keep the process alive; `stop` waits for the round under way.
 */
export class RoundWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  private started = false;

  constructor(
    /** One round; `first` is true for the first round of this process (a catch-up after a restart). */
    private readonly round: (first: boolean) => Promise<unknown>,
    private readonly log: { error: (object: object, message: string) => void },
    private readonly intervalMs: number,
    /** Named in the log line of a failed round ("fiscalization round failed"). */
    private readonly name: string,
  ) {}

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const first = !this.started;
    this.started = true;
    this.running = this.round(first)
      .catch((error: unknown) => this.log.error({ err: error instanceof Error ? { message: error.message } : {} }, `${this.name} round failed`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.intervalMs);
          this.timer.unref();
        }
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
    if (this.timer) clearTimeout(this.timer);
  }
}

/**
 * A sliding-window counter per key (e.g. failed sign-ins per email address, reset requests per
 * address), kept in this process's memory (DECISIONS.md 'Sessions and tokens').
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  /** At most `max` hits per key within `windowMs`. */
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const list = this.recent(key);
    if (list.length < this.max) return 0;
    const oldest = list[list.length - this.max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Records one hit for the key. */
  hit(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 100_000) this.sweep();
  }

  /** Forgets the key (e.g. after a successful sign-in). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}

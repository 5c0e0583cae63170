/**
 * The best `limit` of a stream of scored slots, higher score first and, between equal scores,
 * the lower slot (earlier in the catalogue) first. Keeps a sorted list of at most `limit`
 * entries: a search offers thousands of hits and keeps a handful. @internal
 */
export class TopHits {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly limit: number) {}

  offer(slot: number, score: number): void {
    const size = this.slots.length;
    if (size === this.limit && !ranksBefore(score, slot, this.scores[size - 1]!, this.slots[size - 1]!)) return;
    let at = size === this.limit ? size - 1 : size;
    while (at > 0 && ranksBefore(score, slot, this.scores[at - 1]!, this.slots[at - 1]!)) {
      this.scores[at] = this.scores[at - 1]!;
      this.slots[at] = this.slots[at - 1]!;
      at--;
    }
    this.scores[at] = score;
    this.slots[at] = slot;
  }

  /** The kept entries, best first, as `[slot, score]`. */
  sorted(): Array<[number, number]> {
    return this.slots.map((slot, i) => [slot, this.scores[i]!]);
  }
}

function ranksBefore(score: number, slot: number, otherScore: number, otherSlot: number): boolean {
  return score > otherScore || (score === otherScore && slot < otherSlot);
}

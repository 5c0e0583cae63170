/**
 * Keeps at most `maxBytes` of one output stream: the first half and the last half, with what
 * lies between dropped and counted. Memory stays bounded however much a command writes.
 */
export class OutputCapture {
  private readonly headCap: number;
  private readonly tailCap: number;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  /** Every byte written, kept or not. */
  total = 0;

  constructor(readonly maxBytes: number) {
    this.headCap = Math.ceil(maxBytes / 2);
    this.tailCap = maxBytes - this.headCap;
  }

  /** Bytes that were dropped. */
  get dropped(): number {
    return this.total - this.headBytes - this.tailBytes;
  }

  add(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headBytes < this.headCap) {
      const take = Math.min(this.headCap - this.headBytes, rest.length);
      this.head.push(rest.subarray(0, take));
      this.headBytes += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0 || this.tailCap === 0) return;
    if (rest.length >= this.tailCap) {
      this.tail = [Buffer.from(rest.subarray(rest.length - this.tailCap))];
      this.tailBytes = this.tailCap;
      return;
    }
    this.tail.push(Buffer.from(rest));
    this.tailBytes += rest.length;
    while (this.tailBytes > this.tailCap) {
      const first = this.tail[0];
      const excess = this.tailBytes - this.tailCap;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
      }
    }
  }

  /** The kept text: everything, or head and tail around a line saying how much was elided. */
  text(): string {
    const head = Buffer.concat(this.head);
    const tail = Buffer.concat(this.tail);
    if (this.dropped === 0) return Buffer.concat([head, tail]).toString('utf8');
    const headText = head.subarray(0, utf8Boundary(head, head.length)).toString('utf8');
    const tailText = tail.subarray(utf8Start(tail)).toString('utf8');
    return `${headText}\n…[${this.dropped} bytes elided]…\n${tailText}`;
  }
}

/** The largest index ≤ `end` that does not split a UTF-8 character. */
export function utf8Boundary(bytes: Uint8Array, end: number): number {
  let i = Math.min(end, bytes.length);
  if (i === bytes.length) return i;
  while (i > 0 && (bytes[i] & 0xc0) === 0x80) i--;
  return i;
}

/** The first index that starts a UTF-8 character (skips continuation bytes at the front). */
export function utf8Start(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length && i < 4 && (bytes[i] & 0xc0) === 0x80) i++;
  return i;
}

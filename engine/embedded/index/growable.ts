// Append-only typed arrays that double their capacity (builders use them instead of JS arrays
// to keep memory at 2-4 bytes per value).

type TypedCtor<T> = { new (n: number): T };

export class Growable<T extends Uint32Array | Uint16Array | Uint8Array | Float64Array | Float32Array> {
  data: T;
  length = 0;
  constructor(
    private readonly ctor: TypedCtor<T>,
    capacity = 1024,
  ) {
    this.data = new ctor(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = v;
  }
  grow(min: number): void {
    let cap = this.data.length * 2;
    while (cap < min) cap *= 2;
    const next = new this.ctor(cap);
    (next as Uint8Array).set(this.data as Uint8Array);
    this.data = next;
  }
  /** A right-sized copy. */
  finish(): T {
    return this.data.slice(0, this.length) as T;
  }
}

export class ByteBuffer {
  data: Uint8Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.data = new Uint8Array(capacity);
  }
  private static readonly enc = new TextEncoder();
  appendString(s: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(s.length * 3);
    this.length += ByteBuffer.enc.encodeInto(s, this.data.subarray(this.length)).written;
  }
  appendBytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.data.set(b, this.length);
    this.length += b.length;
  }
  finish(): Uint8Array {
    return this.data.slice(0, this.length);
  }
  /** Room for `more` bytes after the current length. */
  private reserve(more: number): void {
    const need = this.length + more;
    if (need <= this.data.length) return;
    let cap = this.data.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}

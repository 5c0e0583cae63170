/** One step of an edit script between two line lists. */
export type DiffOp = { kind: 'equal'; a: number; b: number } | { kind: 'delete'; a: number } | { kind: 'insert'; b: number };

/** Edit distance beyond which the middle is reported as replaced whole (bounds time and memory). */
const MAX_EDIT_COST = 2_000;

/**
 * A shortest edit script from `a` to `b` (Myers' O((N+M)·D) algorithm after trimming the common
 * head and tail). Past {@link MAX_EDIT_COST} differences the changed middle is shown as removed
 * and re-added, which is still a correct diff.
 */
export function diffLines(a: readonly string[], b: readonly string[]): DiffOp[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: DiffOp[] = [];
  for (let i = 0; i < head; i++) ops.push({ kind: 'equal', a: i, b: i });
  ops.push(...middle(a, b, head, a.length - tail, head, b.length - tail));
  for (let i = tail; i > 0; i--) ops.push({ kind: 'equal', a: a.length - i, b: b.length - i });
  return ops;
}

function middle(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): DiffOp[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const replaced = (): DiffOp[] => [
    ...Array.from({ length: n }, (_, i): DiffOp => ({ kind: 'delete', a: a0 + i })),
    ...Array.from({ length: m }, (_, i): DiffOp => ({ kind: 'insert', b: b0 + i })),
  ];
  if (n === 0 || m === 0) return replaced();
  const max = Math.min(n + m, MAX_EDIT_COST);
  // trace[d][k + d] = furthest x on diagonal k after d edits.
  const trace: Int32Array[] = [];
  let previous = new Int32Array([0, 0]);
  for (let d = 0; d <= max; d++) {
    const v = new Int32Array(2 * d + 1);
    for (let k = -d; k <= d; k += 2) {
      const get = (kk: number): number => previous[kk + d - 1];
      let x: number;
      if (d === 0) x = 0;
      else if (k === -d || (k !== d && get(k - 1) < get(k + 1))) x = get(k + 1);
      else x = get(k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      v[k + d] = x;
      if (x >= n && y >= m) {
        trace.push(v);
        return backtrack(trace, a0, b0, n, m);
      }
    }
    trace.push(v);
    previous = v;
  }
  return replaced();
}

function backtrack(trace: Int32Array[], a0: number, b0: number, n: number, m: number): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d - 1];
    const k = x - y;
    const get = (kk: number): number => v[kk + d - 1];
    const prevK = k === -d || (k !== d && get(k - 1) < get(k + 1)) ? k + 1 : k - 1;
    const prevX = get(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ kind: 'equal', a: a0 + --x, b: b0 + --y });
    if (x === prevX) ops.push({ kind: 'insert', b: b0 + --y });
    else ops.push({ kind: 'delete', a: a0 + --x });
  }
  while (x > 0 && y > 0) ops.push({ kind: 'equal', a: a0 + --x, b: b0 + --y });
  return ops.reverse();
}

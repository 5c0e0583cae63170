/**
 * Makes this process's ssh2 clients stall for `ms` right after sending each exec request, as the
 * event loop of a loaded machine does: what the server answers meanwhile (the exec's confirmation,
 * the command's output, its exit status, the channel's close) then arrives in one read, which
 * ssh2 parses in one go. Returns the undo.
 */
export function stallAfterExec(ms: number): () => void {
  // ssh2's wire protocol, which sends the client's exec request (not a public entry of ssh2).
  const Protocol = require('ssh2/lib/protocol/Protocol.js') as { prototype: { exec: (...args: unknown[]) => unknown } };
  const original = Protocol.prototype.exec;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  Protocol.prototype.exec = function (this: unknown, ...args: unknown[]) {
    const sent = original.apply(this, args);
    Atomics.wait(sleeper, 0, 0, ms);
    return sent;
  };
  return () => {
    Protocol.prototype.exec = original;
  };
}

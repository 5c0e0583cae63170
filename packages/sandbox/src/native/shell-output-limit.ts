/**
 * Cuts a command's stdout and stderr to `limit` characters together: a stream needing less than
 * half leaves the rest to the other; each cut stream keeps its head (60 %) and tail with a line
 * saying how many characters were left out. Never splits a surrogate pair.
 */
export function cutCombined(stdout: string, stderr: string, limit: number): [string, string] {
  if (stdout.length + stderr.length <= limit) return [stdout, stderr];
  const half = Math.floor(limit / 2);
  const errShare = Math.min(stderr.length, Math.max(half, limit - stdout.length));
  return [cut(stdout, limit - errShare), cut(stderr, errShare)];
}

/** `text` in at most `share` characters: head, marker, tail. */
export function cut(text: string, share: number): string {
  if (text.length <= share) return text;
  let marker = elided(text.length - share);
  if (share < marker.length + 2) return wholeChars(text.slice(0, Math.max(share, 0)), 'end');
  let content = share - marker.length;
  const second = elided(text.length - content);
  if (second.length > marker.length) content -= second.length - marker.length;
  marker = elided(text.length - content);
  const head = Math.floor(content * 0.6);
  const tail = content - head;
  return `${wholeChars(text.slice(0, head), 'end')}${marker}${wholeChars(text.slice(text.length - tail), 'start')}`;
}

function elided(count: number): string {
  return `\n…[${count} characters elided]\n`;
}

/** Drops half a surrogate pair left at the cut. */
function wholeChars(text: string, at: 'start' | 'end'): string {
  if (text === '') return text;
  if (at === 'end') {
    const last = text.charCodeAt(text.length - 1);
    return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
  }
  const first = text.charCodeAt(0);
  return first >= 0xdc00 && first <= 0xdfff ? text.slice(1) : text;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', middot: '·', bull: '•',
  copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', yen: '¥', cent: '¢', deg: '°', times: '×',
};

// An unclosed comment runs to the end of the text (as in a browser), which also keeps the scan linear.
const TAG = /<\/?[A-Za-z][^<>]*>|<!--[\s\S]*?(?:-->|$)/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]{2,8}));/g;

/**
 * Plain text from a snippet of HTML as Brave returns it: tags removed (`<strong>` highlights and
 * any other), character references decoded, runs of whitespace collapsed to one space. Tags are
 * removed before entities are decoded, so an escaped `&lt;b&gt;` stays visible as `<b>`.
 */
export function htmlToText(html: string): string {
  return html.replace(TAG, '').replace(ENTITY, decodeEntity).replace(/\s+/g, ' ').trim();
}

function decodeEntity(whole: string, decimal: string | undefined, hex: string | undefined, name: string | undefined): string {
  if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
  // NUL, surrogates and values past Unicode are not characters; keep the text as written.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
  return String.fromCodePoint(code);
}

/** `text` cut to at most `max` characters, with `…` marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Do not split a surrogate pair.
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

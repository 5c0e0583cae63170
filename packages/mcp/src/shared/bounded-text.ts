/** Cuts `text` to at most `max` characters, saying how much was left out. @internal */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

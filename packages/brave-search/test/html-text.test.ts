import { htmlToText } from '../src/html-text';
import { clip } from '../src/html-text';

describe('htmlToText', () => {
  it('removes <strong> highlights and other tags', () => {
    expect(htmlToText('A <strong>Decorator</strong> is <em class="x">special</em>.<br/>')).toBe('A Decorator is special.');
  });

  it('decodes named, decimal and hexadecimal references', () => {
    expect(htmlToText('Fish &amp; chips &#8211; &#x2014; &quot;fresh&quot; &apos;hot&apos; &nbsp;&hellip;')).toBe('Fish & chips – — "fresh" \'hot\' …');
  });

  it('keeps escaped markup visible as text instead of treating it as tags', () => {
    expect(htmlToText('use &lt;strong&gt; for emphasis')).toBe('use <strong> for emphasis');
  });

  it('keeps references that are not characters as written', () => {
    expect(htmlToText('&#0; &#xD800; &#99999999; &bogus;')).toBe('&#0; &#xD800; &#99999999; &bogus;');
  });

  it('collapses whitespace, line breaks included', () => {
    expect(htmlToText('  one\n\n   two\tthree  ')).toBe('one two three');
  });

  it('handles a megabyte of angle brackets in linear time', () => {
    const hostile = '<'.repeat(500_000) + 'a'.repeat(500_000);
    expect(htmlToText(hostile)).toHaveLength(1_000_000);
    expect(htmlToText('x <!-- '.repeat(200_000))).toBe('x');
    expect(htmlToText('<a'.repeat(300_000))).toBe('<a'.repeat(300_000));
  });
});

describe('clip', () => {
  it('leaves short text alone and marks a cut', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcdef', 4)).toBe('abc…');
  });

  it('never splits a surrogate pair', () => {
    expect(clip('ab😀cd', 4)).toBe('ab…');
  });
});

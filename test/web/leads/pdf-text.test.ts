import { describe, expect, it } from 'vitest';
import { ELLIPSIS, flowed, oneLine, widthOf, wrapped } from '../../../web/src/features/leads/export/pdf-text';

// Every character 1 wide, '…' too: widths read as character counts.
const unit = () => 1;

describe('a PDF cell’s text', () => {
  it('is flowed: line breaks, tabs and runs of spaces become one space, the ends trimmed', () => {
    expect(flowed('  Line one\r\nLine\ttwo   three \n')).toBe('Line one Line two three');
  });

  it('stays on one line when it fits exactly, and wraps one character past it', () => {
    expect(wrapped('abcde', 5, 3, unit)).toEqual(['abcde']);
    expect(wrapped('abc de', 5, 3, unit)).toEqual(['abc', 'de']);
  });

  it('breaks at the last space that fits, dropping the spaces at the break', () => {
    expect(wrapped('one two three four', 9, 3, unit)).toEqual(['one two', 'three', 'four']);
    expect(wrapped('one   two', 4, 3, unit)).toEqual(['one', 'two']);
  });

  it('keeps a word that fits on the line whole, and moves one that does not fit whole to the next line', () => {
    // 'Cambridge, Massachusetts' in a cell 16 wide: never 'Cambridge, Massach' / 'usetts'.
    expect(wrapped('Cambridge, Massachusetts', 16, 3, unit)).toEqual(['Cambridge,', 'Massachusetts']);
    expect(wrapped('Boston', 16, 3, unit)).toEqual(['Boston']);
    // A line full to the last character ends at the word's end.
    expect(wrapped('ab cde fg', 6, 3, unit)).toEqual(['ab cde', 'fg']);
  });

  it('breaks a word wider than the column only then, with a hyphen, leaving a few of its letters to go on', () => {
    expect(wrapped('Massachusetts', 12, 3, unit)).toEqual(['Massachuse-', 'tts']);
    expect(wrapped('Cambridge, Massachusetts, USA', 12, 3, unit)).toEqual([
      'Cambridge,',
      'Massachuset-',
      'ts, USA',
    ]);
    // Only its comma left over: the word stays whole.
    expect(wrapped('Massachusetts, USA', 13, 3, unit)).toEqual(['Massachusetts', ', USA']);
    expect(wrapped('abcdefghij', 4, 3, unit)).toEqual(['abc-', 'def-', 'ghij']);
  });

  it('breaks a long word after a hyphen or slash of its own first, and a web address without adding one', () => {
    expect(wrapped('Stratford-upon-Avon', 12, 3, unit)).toEqual(['Stratford-', 'upon-Avon']);
    expect(wrapped('https://li.example/in/ada', 20, 3, unit, false)).toEqual([
      'https://li.example/',
      'in/ada',
    ]);
    expect(wrapped('abcdefghij', 4, 3, unit, false)).toEqual(['abcd', 'efg', 'hij']);
  });

  it('ends the last line allowed with … when text is left, and not when it all fits', () => {
    expect(wrapped('aaaa bbbb cccc', 4, 3, unit)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(wrapped('aaaa bbbb cccc dddd', 4, 3, unit)).toEqual(['aaaa', 'bbbb', `ccc${ELLIPSIS}`]);
    expect(wrapped('aaaa bbbb', 4, 1, unit)).toEqual([`aaa${ELLIPSIS}`]);
  });

  it('keeps an emoji or a rare ideograph (a surrogate pair) whole', () => {
    expect(wrapped('ab😀cd', 3, 3, unit)).toEqual(['ab😀', 'cd']);
    expect(wrapped('𠀀𠀁𠀂', 2, 3, unit)).toEqual(['𠀀𠀁', '𠀂']);
  });

  it('is no lines when empty', () => {
    expect(wrapped('', 10, 3, unit)).toEqual([]);
  });

  it('measures by the widths given', () => {
    const wide = (char: string) => (char === 'W' ? 2 : 1);
    expect(widthOf('WaW', wide)).toBe(5);
    expect(wrapped('W a', 4, 3, wide)).toEqual(['W a']);
    expect(wrapped('W ab', 4, 3, wide)).toEqual(['W', 'ab']);
  });
});

describe('a PDF heading cut to one line', () => {
  const measure = (text: string) => widthOf(text, unit);

  it('is the text when it fits exactly, and ends with … one character past', () => {
    expect(oneLine('abcde', 5, measure)).toBe('abcde');
    expect(oneLine('abcdef', 5, measure)).toBe(`abcd${ELLIPSIS}`);
  });
});

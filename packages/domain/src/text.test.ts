import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, ZLine, ZText, hasInvalidCharacters } from './text';

describe('text inputs', () => {
  it('refuse NUL, control characters and lone surrogates', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u0008', '\ud800', 'a\udc00b']) {
      expect(hasInvalidCharacters(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it('keep ordinary text, tabs and line breaks, and paired surrogates (emoji)', () => {
    for (const good of ['', 'Smith', 'O’Brien-Łukasz 張', 'a\tb', 'line\nnext\r\n', '😀 ok']) {
      expect(hasInvalidCharacters(good), JSON.stringify(good)).toBe(false);
    }
  });

  it('refuse line breaks in single-line fields only', () => {
    expect(ZText().safeParse('a\nb').success).toBe(true);
    const line = ZLine().safeParse('a\nb');
    expect(line.success).toBe(false);
    expect(line.error?.issues[0]?.message).toBe(TEXT_MESSAGES.invalidCharacters);
  });

  it('chain with the other string checks and transforms', () => {
    const schema = ZLine().trim().min(1).max(5);
    expect(schema.parse('  abc ')).toBe('abc');
    expect(schema.safeParse('abcdef').success).toBe(false);
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.invalidCharacters,
    );
  });
});

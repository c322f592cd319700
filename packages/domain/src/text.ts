import { z } from 'zod';
import { TEXT_MESSAGES, hasInvalidCharacters } from './text-rules';

export * from './text-rules';

/** Free text (passwords, messages): no NUL, no other control but tab and line breaks. */
export const ZText = () =>
  z.string().refine((value) => !hasInvalidCharacters(value), {
    message: TEXT_MESSAGES.invalidCharacters,
  });

/** One line of text (emails, searches, keys, names): ZText without line breaks. */
export const ZLine = () =>
  z.string().refine((value) => !hasInvalidCharacters(value, { singleLine: true }), {
    message: TEXT_MESSAGES.invalidCharacters,
  });

import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * LIKE patterns from what a user typed: its wildcards (% and _) and the escape character
 * itself match only themselves. One escape character for every dialect and the warehouse.
 */
export const LIKE_ESCAPE = '!';

export const escapeLike = (text: string) =>
  text.replace(/[!%_]/g, (char) => `${LIKE_ESCAPE}${char}`);

/** '%text%', lower-cased: "contains", for a `lower(column) like` comparison. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

/** `<value> like <pattern> escape '!'`. */
export const likeEscaped = (value: Expression<unknown>, pattern: unknown) =>
  sql<SqlBool>`${value} like ${pattern} escape ${sql.lit(LIKE_ESCAPE)}`;

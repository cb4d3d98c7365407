/** An ILIKE pattern matching the text anywhere, with LIKE wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** hasNextPage / hasPrevPage for a 1-based page. */
export function pageFlags(page: number, limit: number, total: number): { hasNextPage: boolean; hasPrevPage: boolean } {
  return { hasNextPage: page * limit < total, hasPrevPage: page > 1 };
}

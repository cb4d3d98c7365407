// Page arithmetic of the 'Showing X to Y of N <noun>' footers (spec §2).

export interface PageRange {
  from: number;
  to: number;
  totalPages: number;
}

export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= 0) return { from: 0, to: 0, totalPages };
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return { from: Math.min(from, total), to, totalPages };
}

export function showingText(page: number, pageSize: number, total: number, noun: string): string {
  const { from, to } = pageRange(page, pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}

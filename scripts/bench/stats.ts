/** Small helpers for figures and the printed table; nothing here talks to the server. */

/** The p-th percentile (0–100) by nearest rank, or null for no samples. */
export function percentile(samples: readonly number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? null;
}

export function ms(value: number | null): string {
  if (value === null) return 'n/a';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function num(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const sleep = (millis: number) => new Promise<void>((resolve) => setTimeout(resolve, millis));

/** Progress goes to stderr, so that stdout holds only the report. */
export function progress(message: string): void {
  const clock = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${clock}] ${message}\n`);
}

/** One row of the summary: what was measured, what came out, the target and whether it was met. */
export interface Row {
  figure: string;
  result: string;
  target: string;
  /** true: target met; false: missed; null: no target, or the figure could not be measured. */
  met: boolean | null;
}

/** A phase's row (figure and target) with what it measured. */
export const fill = (row: Row | undefined, result: string, met: boolean | null): Row => ({
  ...(row as Row),
  result,
  met,
});

/** A plain-text table with wrapped cells, readable in a terminal and in a closing note. */
export function table(rows: readonly Row[]): string {
  const headers = ['#', 'Figure', 'Result', 'Target', 'Met'];
  const widths = [2, 34, 58, 14, 4];
  const cells = rows.map((row, i) => [
    String(i + 1),
    row.figure,
    row.result,
    row.target,
    row.met === null ? '–' : row.met ? 'yes' : 'NO',
  ]);
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const out = [line, renderRow(headers, widths), line.replaceAll('-', '=')];
  for (const row of cells) out.push(renderRow(row, widths), line);
  return out.join('\n');
}

function renderRow(cells: readonly string[], widths: readonly number[]): string {
  const wrapped = cells.map((cell, i) => wrap(cell, widths[i] ?? 10));
  const height = Math.max(...wrapped.map((w) => w.length));
  const lines: string[] = [];
  for (let l = 0; l < height; l++) {
    lines.push(`| ${wrapped.map((w, i) => (w[l] ?? '').padEnd(widths[i] ?? 10)).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Wraps on spaces and on the ';' that separates parts of a result, never mid-word unless it must. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const part of text.split('\n')) {
    let current = '';
    for (const word of part.split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (candidate.length <= width) current = candidate;
      else {
        if (current) lines.push(current);
        current = word;
        while (current.length > width) {
          lines.push(current.slice(0, width));
          current = current.slice(width);
        }
      }
    }
    lines.push(current);
  }
  return lines;
}

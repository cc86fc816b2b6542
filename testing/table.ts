/** Plain-text tables for the kit's reports: columns padded to their widest cell, two spaces apart. */

/** One line per row; every column but the last padded, trailing space trimmed. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows.reduce<number[]>(
    (max, row) => row.map((cell, column) => Math.max(max[column] ?? 0, cell.length)),
    [],
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

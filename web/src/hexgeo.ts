// The hex geometry of src/core/hex.cpp and src/content/render_svg.cpp, so the
// counters and highlights land exactly on the server-rendered map: XXYY is
// column XX, row YY; flat-topped hexes; even columns half a hex lower. A map
// may number its hexes from another corner (core::HexNumbering: columns from
// 00, rows counting north): hexes are named by their printed numbers and
// placed by their internal coordinates.

export interface Geometry {
  cols: number;
  rows: number;
  hex_size: number;
  margin: number;
  first_col?: number; // internal coordinates of the north-west hex (default 1, 1)
  first_row?: number;
  rows_north?: boolean; // printed rows count from the south edge up
}

function firstCol(g: Geometry): number {
  return g.first_col ?? 1;
}
function firstRow(g: Geometry): number {
  return g.first_row ?? 1;
}
// Printed <-> internal row (the conversion is its own inverse).
function flipRow(g: Geometry, row: number): number {
  return g.rows_north ? 2 * firstRow(g) + g.rows - 1 - row : row;
}

export interface Pt {
  x: number;
  y: number;
}

const SQRT3 = Math.sqrt(3);

export function parseHex(hex: string): { col: number; row: number } {
  return { col: Number(hex.slice(0, 2)), row: Number(hex.slice(2, 4)) };
}

export function formatHex(col: number, row: number): string {
  return String(col).padStart(2, '0') + String(row).padStart(2, '0');
}

export function centre(g: Geometry, hex: string): Pt {
  const p = parseHex(hex);
  const col = p.col;
  const row = flipRow(g, p.row);
  // As render_svg: internal 0101 at the origin, then the first column and
  // row moved there (q & 1 keeps which columns sit lower, also for col 0).
  const q = col - 1;
  const r = row - 1;
  const q0 = firstCol(g) - 1;
  const r0 = firstRow(g) - 1;
  const s = g.hex_size;
  return {
    x: g.margin + s + 1.5 * (q - q0) * s,
    y: g.margin + (SQRT3 / 2) * s + SQRT3 * (r - r0 + 0.5 * (q & 1)) * s,
  };
}

export function corners(g: Geometry, hex: string, scale = 1): string {
  const c = centre(g, hex);
  const s = g.hex_size * scale;
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * 60 * i;
    pts.push(`${(c.x + s * Math.cos(a)).toFixed(2)},${(c.y + s * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

// The hex whose centre is nearest to p (null off the map).
export function hexAt(g: Geometry, p: Pt): string | null {
  const s = g.hex_size;
  const c0 = firstCol(g);
  const r0 = firstRow(g);
  const approxCol = Math.round((p.x - g.margin - s) / (1.5 * s)) + c0;
  let best: string | null = null;
  let bestD = Infinity;
  for (let col = approxCol - 1; col <= approxCol + 1; col++) {
    if (col < c0 || col > c0 + g.cols - 1) continue;
    const q = col - 1;
    const approxRow = Math.round((p.y - g.margin - (SQRT3 / 2) * s) / (SQRT3 * s) - 0.5 * (q & 1)) + r0;
    for (let row = approxRow - 1; row <= approxRow + 1; row++) {
      if (row < r0 || row > r0 + g.rows - 1) continue;
      const h = formatHex(col, flipRow(g, row));
      const c = centre(g, h);
      const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = h;
      }
    }
  }
  return bestD <= s * s ? best : null;
}

// Internal (unflipped) column and row of a printed hex number.
function internal(g: Geometry, hex: string): { col: number; row: number } {
  const p = parseHex(hex);
  return { col: p.col, row: flipRow(g, p.row) };
}

// Cube coordinates of an internal column and row (even columns half a hex
// lower, as centre() places them).
function cube(col: number, row: number): { x: number; z: number } {
  const q = col - 1;
  return { x: q, z: row - 1 - (q - (q & 1)) / 2 };
}

// The hexes of the map within `radius` hexes of `hex` (itself included),
// counted as the core counts range (src/core/hex.cpp distance).
export function hexesWithin(g: Geometry, hex: string, radius: number): string[] {
  const o = internal(g, hex);
  const a = cube(o.col, o.row);
  const out: string[] = [];
  const c0 = firstCol(g), r0 = firstRow(g);
  for (let col = Math.max(c0, o.col - radius); col <= Math.min(c0 + g.cols - 1, o.col + radius); col++)
    for (let row = Math.max(r0, o.row - radius - 1); row <= Math.min(r0 + g.rows - 1, o.row + radius + 1); row++) {
      const b = cube(col, row);
      const d = Math.max(Math.abs(a.x - b.x), Math.abs(a.z - b.z), Math.abs(a.x + a.z - b.x - b.z));
      if (d <= radius) out.push(formatHex(col, flipRow(g, row)));
    }
  return out;
}

// The hex geometry of src/core/hex.cpp and src/content/render_svg.cpp, so the
// counters and highlights land exactly on the server-rendered map: XXYY is
// column XX, row YY; flat-topped hexes; even columns half a hex lower.

export interface Geometry {
  cols: number;
  rows: number;
  hex_size: number;
  margin: number;
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
  const { col, row } = parseHex(hex);
  const q = col - 1;
  const r = row - 1;
  const s = g.hex_size;
  return {
    x: g.margin + s + 1.5 * q * s,
    y: g.margin + (SQRT3 / 2) * s + SQRT3 * (r + 0.5 * (q & 1)) * s,
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
  const approxCol = Math.round((p.x - g.margin - s) / (1.5 * s)) + 1;
  let best: string | null = null;
  let bestD = Infinity;
  for (let col = approxCol - 1; col <= approxCol + 1; col++) {
    if (col < 1 || col > g.cols) continue;
    const q = col - 1;
    const approxRow = Math.round((p.y - g.margin - (SQRT3 / 2) * s) / (SQRT3 * s) - 0.5 * (q & 1)) + 1;
    for (let row = approxRow - 1; row <= approxRow + 1; row++) {
      if (row < 1 || row > g.rows) continue;
      const h = formatHex(col, row);
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

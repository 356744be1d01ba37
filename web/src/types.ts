// The JSON shapes of the server's API (docs/server.md, docs/protocol.md).

export type Side = 'union' | 'confederate';
export type Seat = Side | 'spectator' | 'hotseat';

export interface Unit {
  id: string;
  side: Side;
  type: 'inf' | 'cav' | 'art' | 'special';
  kind?: string; // a title's name for a special unit (e.g. 'train')
  strength: number;
  hex: string | null;
  status: 'map' | 'eliminated' | 'exited' | 'off-map';
  effective: boolean;
  moved: boolean;
  attacked: boolean;
  arrival?: number;
  entry?: string[];
  exit_hex?: string;
}

export interface RetreatOption {
  hex: string;
  displace: string[];
}

export interface Pending {
  kind: 'retreat' | 'advance' | 'lose' | 'evade';
  side: Side;
  unit?: string;
  optional?: boolean;
  options?: RetreatOption[];
  units?: string[];
  hexes?: string[];
  required?: number;
}

export interface VpLine {
  side: Side;
  rule: string;
  points: number;
  what: string;
  at_end: boolean;
}

export interface Victory {
  union: number;
  confederate: number;
  projected: { union: number; confederate: number };
  final: boolean;
  winner: Side | null;
  drawn?: boolean;
  lines: VpLine[];
}

export interface State {
  turn: number;
  turns: number;
  phase: 'movement' | 'combat' | 'over';
  phasing: Side;
  night: boolean;
  edition: string;
  scenario?: string;
  options: string[];
  units: Unit[];
  victory: Victory;
  to_act: Side | null;
  pending: Pending[];
  obligations: { attackers: string[]; defenders: string[] };
}

export interface Multiplier {
  hex: string;
  strength: number;
  multiplier: number;
  why: string;
}

export interface LogItem {
  n: number;
  side: Side | null;
  turn: number;
  phase: string;
  action: { kind: string; hidden?: boolean; [k: string]: unknown };
  attack?: number;
  defence?: number;
  odds?: string;
  computed?: string;
  die?: number;
  result?: string;
  multipliers?: Multiplier[];
  eliminated: string[];
  mp?: number;
  path?: string[];
}

export interface GameView {
  id: string;
  seat: Seat;
  viewer: Side | 'spectator';
  mode: 'hotseat' | 'computer' | 'two-seat';
  computer: Side | null;
  version: number;
  new: Record<string, unknown>;
  state: State;
  log: LogItem[];
  entry_columns: Record<string, number>;
  undo: { can: boolean; needs_consent: boolean; request: Side | null };
  geometry: { cols: number; rows: number; hex_size: number; margin: number };
}

export interface Preview {
  attack: number;
  defence: number;
  computed: string;
  odds: string;
  multipliers: Multiplier[];
  outcomes: { die: number; result: string }[];
  chances: Record<string, number>;
}

export interface ReachReply {
  unit: string;
  hexes?: Record<string, number>;
  paths?: Record<string, string[]>;
  entries?: { hex: string; hexes: Record<string, number>; paths: Record<string, string[]> }[];
}

export interface Refusal {
  ok: false;
  error: string;
  rule?: string;
}

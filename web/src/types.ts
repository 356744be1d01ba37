// The JSON shapes of the server's API (docs/server.md, docs/protocol.md).

export type Side = 'union' | 'confederate';
export type Seat = Side | 'spectator' | 'hotseat';

export interface Unit {
  id: string;
  side: Side;
  // 'inf', 'cav' and 'art' have NATO symbols; any other type (a title's
  // special unit) is drawn with its `kind` label.
  type: string;
  kind?: string;
  strength: number;
  hex: string | null;
  status: 'map' | 'eliminated' | 'exited' | 'off-map';
  effective: boolean;
  moved: boolean;
  attacked: boolean;
  // The phasing side's units in its Movement Phase: Movement Points left (the
  // allowance until the unit moves, then 0; a move is one action), and why
  // none when 0 (the engine's refusal and its rule).
  mp?: UnitMp;
  arrival?: number;
  entry?: string[];
  exit_hex?: string;
  reenter?: string[]; // an exited unit a rule module lets come back: by these hexes
}

export interface UnitMp {
  left: number;
  allowance: number;
  why?: string;
  rule?: string;
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
  title?: string;
  scenario?: string;
  options: string[];
  units: Unit[];
  vp: { union: number; confederate: number };
  victory: Victory;
  to_act: Side | null;
  pending: Pending[];
  obligations: { attackers: string[]; defenders: string[]; ordered?: string[] };
  dice_queue: number[];
  modules?: ModulesView;
  command?: CommandView;
  orders?: OrdersView | null;
  // The title's own fields (Title::view, docs/protocol.md: e.g. the edition
  // of its exclusive rules); the page reads none of them (it knows no title).
  [titleField: string]: unknown;
}

export interface Multiplier {
  hex: string;
  strength: number;
  multiplier: number;
  why: string;
}

// A log entry's action (docs/protocol.md, "Save files"); `hidden` when it is
// the other side's secret.
export interface LogAction {
  kind: string;
  hidden?: boolean;
  rolls?: number[];
  unit?: string | null;
  units?: string[];
  hex?: string | null;
  hexes?: string[];
  path?: string[];
  strategic?: boolean;
  odds?: string | null;
  displace?: string | null;
  exit?: boolean;
  value?: number;
  decision?: number;
  dice?: number[];
  // set-up entries: a unit, a reinforcement, terrain, a hexside
  id?: string;
  side?: string;
  type?: string;
  strength?: number;
  defense?: number;
  arrival?: number;
  entry?: string[];
  terrain?: string;
  a?: string;
  b?: string;
  features?: string[];
}

export interface LogItem {
  n: number;
  side: Side | null;
  turn: number;
  phase: string;
  action: LogAction;
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
  triggered?: Triggered[];
  // Where a move started and where the attackers stood (the trails need them).
  from?: string;
  attacker_hexes?: string[];
}

// What the game's title asks the page to draw and offer (docs/server.md, "ui").
export interface UiZone {
  name: string;
  label: string;
  rule: string;
  style: 'closed' | 'trigger' | 'area';
  side: Side | null;
  active: boolean;
  hexes: string[];
  // A trigger zone's scored or irreversible consequence: an action of `side`
  // entering it while active is confirmed first.
  consequence?: string;
}

// A trigger zone an action set off (a log entry's `triggered`).
export interface Triggered {
  zone: string;
  rule: string;
  consequence: string;
}

export interface UiHex {
  hex: string;
  kind: string;
  label: string;
  side: Side | null;
}

export interface UiDecision {
  name: string;
  label: string;
  rule: string;
  help: string;
  side: Side;
  secret: boolean;
  open: boolean;
  action: 'scenario';
  units: string[];
  choices: { value: number; label: string }[];
  chosen?: Record<string, number>;
}

// A line the title's rules trace (a line of communications): whether `side`
// traces it now and, when it does, one path that traces it, hex by hex.
export interface UiLine {
  name: string;
  label: string;
  rule: string;
  side: Side;
  traced: boolean;
  hexes: string[];
}

export interface UiSpec {
  display: string;
  zones: UiZone[];
  hexes: UiHex[];
  decisions: UiDecision[];
  lines: UiLine[];
}

export interface ComputerError {
  error: string;
  rule?: string;
  action: Record<string, unknown>;
}

// Who the computer is in a game against it: its spec (bg::ai::make_player),
// level, the posture it plays (null if none) and all that in words.
export interface ComputerPlayer {
  spec: string;
  level: string;
  posture: string | null;
  posture_display: string | null;
  label: string;
}

export interface GameView {
  id: string;
  seat: Seat;
  viewer: Side | 'spectator';
  mode: 'hotseat' | 'computer' | 'two-seat';
  computer: Side | null;
  computer_player: ComputerPlayer | null;
  version: number;
  new: Record<string, unknown>;
  state: State;
  log: LogItem[];
  entry_columns: Record<string, number>;
  undo: { can: boolean; needs_consent: boolean; request: Side | null };
  geometry: {
    cols: number;
    rows: number;
    hex_size: number;
    margin: number;
    first_col?: number;
    first_row?: number;
    rows_north?: boolean;
  };
  ui: UiSpec;
  computer_error: ComputerError | null;
  fair_dice: FairDice | null;
}

// A fair-dice game's commitment (docs/server.md, "Fair dice"): the seed is
// null until the game is over or both seats asked for it.
export interface FairDice {
  scheme: string;
  commitment: string;
  contributions: { union: string | null; confederate: string | null };
  seed: string | null;
  reveal_requested: { union: boolean; confederate: boolean };
  revealed: boolean;
}

export interface Preview {
  attack: number;
  defence: number;
  computed: string;
  odds: string;
  multipliers: Multiplier[];
  outcomes: { die: number; result: string; modified_die?: number }[];
  chances: Record<string, number>;
  // A rule module's change to the die (FR 9): how much, whose and its rule,
  // and the chances without it (`chances` are with it).
  die_modifier?: number;
  modifier?: string;
  modifier_rule?: string;
  chances_without?: Record<string, number>;
}

export interface ReachReply {
  unit: string;
  hexes?: Record<string, number>;
  paths?: Record<string, string[]>;
  entries?: { hex: string; hexes: Record<string, number>; paths: Record<string, string[]> }[];
}

// An action's reply (POST /api/games/<id>/actions).
export interface ActReply {
  applied: LogItem[];
  version: number;
  to_act: Side | null;
  pending?: Pending[];
  eliminated?: string[];
  computer_error?: ComputerError;
  // a move's or an entry's
  unit?: string;
  path?: string[];
  mp?: number;
  exited?: boolean;
  // an attack's
  attack?: number;
  defence?: number;
  computed?: string;
  odds?: string;
  die?: number;
  result?: string;
  multipliers?: Multiplier[];
  // the end of a phase
  turn?: number;
  phase?: string;
  phasing?: Side;
}

// The new-game choices the server offers (GET /api/titles, docs/server.md).
export interface ParamSpec {
  key: string;
  choices: string[];
  default: string;
  help: string;
}

export interface OptionSpec {
  name: string;
  help: string;
  implies: string[];
}

// A strategy the title declares for one side, which the computer player of a
// game against that side may be told to play (POST /api/games "posture").
export interface PostureSpec {
  name: string;
  display: string;
  description: string;
  rule: string;
  default: boolean;
}

export interface ScenarioSpec {
  name: string;
  display: string;
  summary: string;
  calendar: { first: Side; turns: number; night: number[] };
  // Per side; empty when the title declares none for it.
  postures: Record<Side, PostureSpec[]>;
}

export interface TitleSpec {
  name: string;
  display: string;
  summary: string;
  free_map: boolean;
  scenarios: ScenarioSpec[];
  params: ParamSpec[];
  options: OptionSpec[];
}

export interface Titles {
  editions: { name: string; display: string }[];
  standard_options: { name: string; help: string; editions: string[] }[];
  titles: TitleSpec[];
  default: string;
  // The computer levels a new game may choose (POST /api/games "level") and
  // the server's player for a game that names none.
  computer: { levels: { name: string; description: string }[]; default: string; default_level: string };
}

export interface Refusal {
  ok: false;
  error: string;
  rule?: string;
}

// What a game's rule modules show (docs/protocol.md, `state.modules`,
// `state.command`, `state.orders`); absent when the game plays without them.
export interface ModuleMarker {
  module: string;
  kind: string;
  label?: string;
  rule?: string;
  hex: string | null;
  side?: Side;
  unit?: string;
  value?: number;
  state?: string;
}

// A decision a rule module lists as open now (the engine's legal decisions):
// its words, rule and hex are the module's; `action` makes it as it is.
export interface ModuleDecision {
  key: string;
  unit: string;
  side: Side;
  value: number;
  label: string;
  rule: string;
  hex: string | null;
  command: string;
  action: Record<string, unknown>;
}

export interface ModulesView {
  keys: string[];
  markers: ModuleMarker[];
  decisions?: ModuleDecision[];
}

export interface CommandHq {
  id: string;
  echelon: string;
  parent: string | null;
  radius: number | 'unlimited';
  rally_radius: number;
  judgment: number | null;
  foolhardy: boolean;
  offensive: number;
  defensive: number;
}

export interface CommandView {
  hqs: CommandHq[];
  units: { id: string; hq: string; judgment?: number; foolhardy?: boolean }[];
  rallied?: string[];
  captured?: string[];
}

export interface OrdersRoll {
  unit: string;
  die: number;
  judgment: number;
  foolhardy: boolean;
  frozen: boolean;
  attack_ordered: boolean;
}

export interface OrdersView {
  rule: string;
  turn: number;
  side: Side;
  rolls: OrdersRoll[];
  may_not_move: { unit: string; status: string }[];
  must_attack: string[];
}

// The charts of a game's rules (GET /api/games/<id>/charts, docs/protocol.md
// "charts"): the Combat Results Table and the Terrain Effects Chart as the
// engine plays them.
export interface CrtChart {
  rule: string;
  columns: string[];
  rows: { die: number; results: string[] }[];
  legend: Record<string, string>;
}

export interface TecTerrainRow {
  terrain: string;
  // MP to enter across each of `crossings`, null where prohibited.
  mp: (number | null)[];
  may_end_move: boolean;
  defence: number;
  blocks_los: boolean;
}

export interface TecHexsideRow {
  hexside: string;
  features: string[];
  passable: boolean;
  defence: number;
}

export interface TerrainChart {
  movement_rule: string;
  combat_rule: string;
  crossings: string[];
  terrain: TecTerrainRow[];
  hexsides: TecHexsideRow[];
  features: TecFeatureRow[];
}

// A terrain feature the title (or a rule module it plays with) declares: a
// pontoon bridge, a ford, a fort. `mp` null: movement as the hex's terrain.
export interface TecFeatureRow {
  feature: string;
  rule: string;
  mp: number | null;
  movement: string;
  defence: number;
  defence_rough?: number;
  combat: string;
}

export interface Charts {
  edition: string;
  crt: CrtChart;
  tec: TerrainChart;
}

// The overlays the engine gives on demand (GET /api/games/<id>/overlays,
// docs/protocol.md "overlays"): both sides' Zones of Control and a battery's
// range and Line of Sight.
export interface ArtilleryOverlay {
  unit: string;
  hex: string;
  range: number;
  range_rule: string;
  los_rule: string;
  in_range: string[];
  in_sight: string[];
}

export interface Overlays {
  zoc: { rule: string; union: string[]; confederate: string[] };
  artillery: ArtilleryOverlay | null;
}

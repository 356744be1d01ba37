// The JSON shapes of the replay and analysis routes (docs/server.md,
// "Replay, branches and save files").
import type { State, UiSpec, Side } from './types';

// GET /api/games/<id>/replay?at=N: the position after N actions, as the seat sees it.
export interface ReplayReply {
  at: number;
  actions: number;
  viewer: Side | 'spectator';
  state: State;
  ui: UiSpec;
}

// GET /api/games/<id>/hint[?at=N]: the computer's suggestion and why.
export interface HintReply {
  side: Side;
  command: string;
  action: Record<string, unknown>;
  explain: string[];
  at?: number;
}

// POST /api/games/<id>/branch and POST /api/games {"save":..}: a new game.
export interface MadeGame {
  id: string;
  mode: string;
  seats: Record<string, { token: string; url: string }>;
  branched_from?: { id: string; at: number };
}

// A save file (docs/protocol.md, "Save files"): only its outline is read here;
// the server checks the rest.
export interface SaveFile {
  format: string;
  version: number;
  new: Record<string, unknown>;
  log: unknown[];
  snapshot: Record<string, unknown>;
}

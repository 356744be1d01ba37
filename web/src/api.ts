// Calls to the server's JSON API. Every call that concerns a game carries the
// seat's token; a refusal comes back as an ApiError with the rule case.
import type { ActReply, Charts, GameView, Overlays, Preview, ReachReply, Titles } from './types';

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public rule?: string,
  ) {
    super(message);
  }

  // The message without the citation it begins with ("5.13: ..." or, for a
  // rule the Standard Rules have no case for, its key: "exit-cost: ...").
  get reason(): string {
    const prefix = `${this.rule}: `;
    return this.rule && this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }
}

export async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers['X-Bluegray-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'the server cannot be reached');
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(res.status, `the server answered ${res.status} without JSON`);
  }
  const reply = (typeof json === 'object' && json !== null ? json : {}) as { ok?: boolean; error?: string; rule?: string };
  if (!res.ok || reply.ok === false) throw new ApiError(res.status, reply.error ?? 'refused', reply.rule);
  return json as T;
}

export interface Created {
  id: string;
  mode: string;
  seats: Record<string, { token: string; url: string }>;
}

export interface ListedGame {
  id: string;
  created: number;
  updated: number;
  mode: string;
  computer: string | null;
  // The computer player's spec ("ai-hard:stand"), null without a computer.
  computer_player: string | null;
  new: Record<string, unknown>;
  // `to_act` in the summary: stored since correspondence play (older games
  // lack it); the computer player and its words since games chose their own.
  summary: {
    scenario: string;
    turn: number;
    turns: number;
    phase: string;
    phasing: string;
    over: boolean;
    actions: number;
    to_act?: string | null;
    computer_player?: string;
    computer_label?: string;
  };
  watch?: string;
  // Who is to act (null once over); for the games a sent token opens a seat of,
  // which seats and whether one of them is to act now (docs/server.md).
  to_act?: string | null;
  seats?: string[];
  your_turn?: boolean;
}

// A seat's "your turn" mail address (GET/POST /api/games/<id>/notify).
export interface Notify {
  email: string | null;
  mail: boolean;
}

// One page of GET /api/games; `next` is the cursor of the next page, if any.
export interface GamesPage {
  games: ListedGame[];
  next: string | null;
}

export interface UndoReply {
  requested?: boolean;
  undone?: boolean;
  refused?: boolean;
  version: number;
}

export const api = {
  titles: () => call<Titles>('GET', '/api/titles'),
  create: (body: unknown) => call<Created>('POST', '/api/games', undefined, body),
  // The browser's seat tokens (at most 100, comma-separated) ask the server
  // whose turn it is in the games this browser holds a seat of.
  list: (tokens: string[] = []) =>
    call<GamesPage>('GET', '/api/games', tokens.length ? tokens.slice(0, 100).join(',') : undefined),
  notify: (id: string, token: string) => call<Notify>('GET', `/api/games/${id}/notify`, token),
  setNotify: (id: string, token: string, email: string | null) =>
    call<Notify>('POST', `/api/games/${id}/notify`, token, { email }),
  view: (id: string, token: string) => call<GameView>('GET', `/api/games/${id}`, token),
  act: (id: string, token: string, action: unknown, version?: number) =>
    call<ActReply>('POST', `/api/games/${id}/actions`, token, version === undefined ? { action } : { action, version }),
  reach: (id: string, token: string, unit: string) =>
    call<ReachReply>('GET', `/api/games/${id}/reach?unit=${encodeURIComponent(unit)}`, token),
  preview: (id: string, token: string, units: string[], hexes: string[], odds: string | null) =>
    call<Preview>('POST', `/api/games/${id}/preview`, token, { units, hexes, odds }),
  undo: (id: string, token: string, answer?: 'accept' | 'refuse') =>
    call<UndoReply>('POST', `/api/games/${id}/undo`, token, answer ? { answer } : {}),
  contribute: (id: string, token: string, seed: string) =>
    call<{ version: number }>('POST', `/api/games/${id}/contribute`, token, { seed }),
  reveal: (id: string, token: string) => call<{ version: number }>('POST', `/api/games/${id}/reveal`, token, {}),
  save: (id: string, token: string) => call<Record<string, unknown>>('GET', `/api/games/${id}/save`, token),
  charts: (id: string) => call<Charts>('GET', `/api/games/${id}/charts`),
  overlays: (id: string, token: string, unit: string | null) =>
    call<Overlays>('GET', `/api/games/${id}/overlays${unit ? `?unit=${encodeURIComponent(unit)}` : ''}`, token),
  mapSvg: async (id: string) => {
    const res = await fetch(`/api/games/${id}/map.svg`);
    if (!res.ok) throw new ApiError(res.status, 'the map could not be loaded');
    return res.text();
  },
};

// Links this browser has opened, so the games list can offer "resume".
const KEY = 'bluegray.seats';
export function rememberSeat(id: string, seat: string, token: string): void {
  const all = knownSeats();
  all[id] = { ...(all[id] ?? {}), [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}
export function knownSeats(): Record<string, Record<string, string>> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, Record<string, string>>;
  } catch {
    return {};
  }
}

// Game files: a game's save file (the engine's format, docs/
// protocol.md) downloaded from its page or its replay, and a save file
// imported from the front page to play on from where it stops. The server
// checks an imported file completely (format, each action replayed with its
// dice, the snapshot) and says why it refuses one; this page only reads the
// file and shows the answer.
import { call, ApiError, rememberSeat } from './api';
import type { MadeGame, SaveFile } from './analysis_types';
import { h } from './html';

export const files = {
  save: (id: string, token: string) => call<SaveFile>('GET', `/api/games/${id}/save`, token),
  importSave: (save: unknown, mode: string, human: string) =>
    call<MadeGame>('POST', '/api/games', undefined, mode === 'computer' ? { save, mode, human } : { save, mode }),
};

// Downloads the game's save file; a refusal (the other side's secret still in
// the log) is thrown as the server's ApiError.
export async function downloadSave(id: string, token: string): Promise<void> {
  const save = await files.save(id, token);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(save, null, 1)], { type: 'application/json' }));
  a.download = `bluegray-${id}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// The text of a chosen file as a JSON value, or why it is none.
export function parseSaveText(text: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { error: 'this file is not JSON, so not a bluegray save file' };
  }
}

// The front page's import form.
export function importCard(): string {
  return `<section class="card" id="import-card">
    <h1>Open a save file</h1>
    <form id="import-form">
      <label>Save file <input type="file" id="import-file" accept=".json,application/json"></label>
      <label>Play it <select id="import-mode">
        <option value="hotseat">at this screen (hot seat)</option>
        <option value="computer">against the computer</option>
      </select></label>
      <select id="import-human" aria-label="your side against the computer"><option value="union">as the Union</option><option value="confederate">as the Confederate</option></select>
      <button type="submit" id="btn-import">Open</button>
      <p class="refusal" id="import-error" role="alert"></p>
    </form></section>`;
}

export function wireImport(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('#import-form');
  if (!form) return;
  const error = root.querySelector('#import-error') as HTMLElement;
  form.onsubmit = async (e) => {
    e.preventDefault();
    error.textContent = '';
    const file = root.querySelector<HTMLInputElement>('#import-file')?.files?.[0];
    if (!file) {
      error.textContent = 'Choose a save file first.';
      return;
    }
    const parsed = parseSaveText(await file.text());
    if (parsed.error !== undefined) {
      error.textContent = `Refused: ${parsed.error}.`;
      return;
    }
    const mode = (root.querySelector('#import-mode') as HTMLSelectElement).value;
    const human = (root.querySelector('#import-human') as HTMLSelectElement).value;
    try {
      const made = await files.importSave(parsed.value, mode, human);
      const [seat, s] = Object.entries(made.seats).find(([k]) => k !== 'spectator') ?? [];
      if (!seat || !s) throw new ApiError(500, 'the server made no seat');
      rememberSeat(made.id, seat, s.token);
      location.href = s.url;
    } catch (err) {
      error.innerHTML = err instanceof ApiError ? `Refused: ${h(err.reason)}` : h(String(err));
    }
  };
}

// What a player set the map to (the part in view, the hex numbers), kept per
// game in this browser so that a reload finds the map as it was left.
import type { ViewBox } from './board';
import type { OverlayName } from './overlays';

export interface ViewPrefs {
  box?: ViewBox;
  numbers: boolean; // hex numbers shown (the default: the log and G name hexes)
  overlays?: OverlayName[]; // the overlays toggled on
}

const key = (game: string) => `bluegray.view.${game}`;

export function loadPrefs(game: string): ViewPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(key(game)) ?? '{}') as Partial<ViewPrefs>;
    const overlays = Array.isArray(raw.overlays) ? raw.overlays.filter((o): o is OverlayName => o === 'zoc' || o === 'artillery' || o === 'zones' || o === 'lines') : [];
    return { box: raw.box, numbers: raw.numbers ?? true, overlays };
  } catch {
    return { numbers: true };
  }
}

// Saved at once (a small string; a reload may follow any key press).
export function savePrefs(game: string, prefs: ViewPrefs): void {
  try {
    localStorage.setItem(key(game), JSON.stringify(prefs));
  } catch {
    // A browser that keeps nothing (private mode, full storage) still plays.
  }
}

// The map view: the server's SVG of the map (as `bluegray render-map` draws
// it) with live layers on top: shaded hexes with Movement Point costs,
// obligation and attack marks, and the counters. Zoom with the wheel or + and
// -, pan by dragging or with the arrow keys.
import { centre, corners, hexAt, type Geometry } from './hexgeo';
import { drawCounter, el } from './counters';
import { drawMarkers, markFrozen, markHqs } from './modules_view';
import type { ModuleMarker, State, UiHex, UiZone, Unit } from './types';

export type HexClick = (hex: string, unit: string | null) => void;

// The part of the map in view, in the map's own units (the SVG viewBox).
export interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export class Board {
  readonly svg: SVGSVGElement;
  private zoneLayer: SVGGElement;
  private specialLayer: SVGGElement;
  private moduleLayer: SVGGElement;
  private overlayLayer: SVGGElement;
  private shadeLayer: SVGGElement;
  private markLayer: SVGGElement;
  private unitLayer: SVGGElement;
  private full: ViewBox;
  private view: ViewBox;
  // Told whenever the part in view changes (the page keeps it over a reload).
  onViewChange: (v: ViewBox) => void = () => {};

  constructor(
    container: HTMLElement,
    svgText: string,
    private geo: Geometry,
    private onClick: HexClick,
  ) {
    container.innerHTML = svgText;
    const svg = container.querySelector('svg');
    if (!svg) throw new Error('the map is not an SVG document');
    this.svg = svg as SVGSVGElement;
    this.svg.removeAttribute('width');
    this.svg.removeAttribute('height');
    this.svg.classList.add('board');
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('aria-label', 'the map');
    // The units in words (game.ts keeps #board-words up to date).
    this.svg.setAttribute('aria-describedby', 'board-words');
    const vb = this.svg.viewBox.baseVal;
    this.full = { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
    this.view = { ...this.full };
    this.zoneLayer = el('g', { class: 'layer-zones' }, this.svg);
    this.specialLayer = el('g', { class: 'layer-special' }, this.svg);
    this.moduleLayer = el('g', { class: 'layer-modules' }, this.svg);
    this.overlayLayer = el('g', { class: 'layer-overlays' }, this.svg);
    this.shadeLayer = el('g', { class: 'layer-shade' }, this.svg);
    this.markLayer = el('g', { class: 'layer-marks' }, this.svg);
    this.unitLayer = el('g', { class: 'layer-units' }, this.svg);
    this.setHexNumbers(true);
    this.wire();
  }

  // A press and release without moving is a click (a mouse or a tap); a
  // press moved is a drag (pans); two fingers pinch (zoom about their middle).
  private wire(): void {
    let drag: { x: number; y: number; vx: number; vy: number; moved: boolean } | null = null;
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: number | null = null;  // the fingers' distance at the last move
    const spread = () => {
      const [a, b] = [...touches.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    this.svg.addEventListener('pointerdown', (e) => {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        pinch = spread();
        drag = null;
        return;
      }
      drag = { x: e.clientX, y: e.clientY, vx: this.view.x, vy: this.view.y, moved: false };
    });
    this.svg.addEventListener('pointermove', (e) => {
      if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch !== null && touches.size === 2) {
        const d = spread();
        const [a, b] = [...touches.values()];
        if (d > 0 && pinch > 0) this.zoom(pinch / d, this.toSvg((a.x + b.x) / 2, (a.y + b.y) / 2));
        pinch = d;
        return;
      }
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 5) drag.moved = true;
      if (!drag.moved) return;
      const k = this.view.w / this.svg.clientWidth;
      this.view.x = drag.vx - dx * k;
      this.view.y = drag.vy - dy * k;
      this.apply();
    });
    const release = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (pinch !== null) {
        // The end of a pinch is no click; the last finger up ends it.
        if (touches.size === 0) pinch = null;
        drag = null;
        return true;
      }
      return false;
    };
    this.svg.addEventListener('pointerup', (e) => {
      if (release(e)) return;
      const wasDrag = drag?.moved;
      drag = null;
      if (wasDrag) return;
      const p = this.toSvg(e.clientX, e.clientY);
      const hex = hexAt(this.geo, p);
      const target = (e.target as Element).closest('[data-unit]');
      if (hex) this.onClick(hex, target ? target.getAttribute('data-unit') : null);
    });
    this.svg.addEventListener('pointercancel', (e) => {
      release(e);
      drag = null;
    });
    this.svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') drag = null;
    });
    this.svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.zoom(e.deltaY < 0 ? 1 / 1.2 : 1.2, this.toSvg(e.clientX, e.clientY));
      },
      { passive: false },
    );
  }

  private toSvg(cx: number, cy: number): { x: number; y: number } {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  private apply(): void {
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.onViewChange({ ...v });
  }

  viewBox(): ViewBox {
    return { ...this.view };
  }

  // Shows a part of the map kept from before (a reload), if it is sensible.
  setView(v: ViewBox): void {
    const finite = [v.x, v.y, v.w, v.h].every(Number.isFinite);
    if (!finite || v.w <= 0 || v.h <= 0 || v.w > this.full.w * 2) return;
    this.view = { ...v };
    this.apply();
  }

  // Brings hexes into view: the view moves (keeping its zoom) so that the
  // first hex is centred unless every one is already in view.
  show(hexes: string[]): void {
    if (!hexes.length) return;
    const v = this.view;
    const pad = this.geo.hex_size;
    const inside = hexes.every((hex) => {
      const c = centre(this.geo, hex);
      return c.x - pad >= v.x && c.x + pad <= v.x + v.w && c.y - pad >= v.y && c.y + pad <= v.y + v.h;
    });
    if (!inside) this.centreOn(hexes[0]);
  }

  zoom(factor: number, around?: { x: number; y: number }): void {
    const v = this.view;
    const c = around ?? { x: v.x + v.w / 2, y: v.y + v.h / 2 };
    const w = Math.min(this.full.w * 1.5, Math.max(this.geo.hex_size * 4, v.w * factor));
    const k = w / v.w;
    this.view = { x: c.x - (c.x - v.x) * k, y: c.y - (c.y - v.y) * k, w, h: v.h * k };
    this.apply();
  }

  pan(dx: number, dy: number): void {
    this.view.x += dx * this.view.w * 0.15;
    this.view.y += dy * this.view.h * 0.15;
    this.apply();
  }

  reset(): void {
    this.view = { ...this.full };
    this.apply();
  }

  centreOn(hex: string): void {
    const c = centre(this.geo, hex);
    this.view.x = c.x - this.view.w / 2;
    this.view.y = c.y - this.view.h / 2;
    this.apply();
  }

  setHexNumbers(on: boolean): void {
    this.svg.classList.toggle('hide-numbers', !on);
  }

  // Counters of every unit on the map. A lone unit fills its hex; a stack is
  // drawn smaller, fanned along the hex's diagonal so that the middle of every
  // counter stays uncovered (each may be clicked), with a badge counting it.
  drawUnits(units: Unit[], selected: Set<string>, targets: Set<string>): void {
    this.unitLayer.replaceChildren();
    const stacks = new Map<string, Unit[]>();
    for (const u of units) {
      if (u.status !== 'map' || !u.hex) continue;
      const list = stacks.get(u.hex) ?? [];
      list.push(u);
      stacks.set(u.hex, list);
    }
    const s = this.geo.hex_size;
    for (const [hex, list] of stacks) {
      const c = centre(this.geo, hex);
      const n = list.length;
      const size = n === 1 ? s : s * 0.62;
      // Counters of a stack from the south-west (bottom) to the north-east (top).
      const step = n === 1 ? 0 : Math.min(0.4, 0.9 / (n - 1)) * s;
      list.forEach((u, k) => {
        const off = (k - (n - 1) / 2) * step;
        const g = drawCounter(this.unitLayer, u, c.x + off, c.y + (n === 1 ? s * 0.06 : -off), size);
        if (selected.has(u.id)) g.classList.add('selected');
        if (targets.has(hex)) g.classList.add('target');
      });
      if (n > 1) {
        const b = el('g', { class: 'stack-badge', 'data-hex': hex, 'aria-label': `${n} units in ${hex}` }, this.unitLayer);
        el('circle', { cx: c.x - s * 0.5, cy: c.y - s * 0.5, r: s * 0.17 }, b);
        const t = el('text', { x: c.x - s * 0.5, y: c.y - s * 0.44, 'font-size': s * 0.2, 'text-anchor': 'middle' }, b);
        t.textContent = String(n);
      }
    }
  }

  // The title's zones that matter now (a zone closed to some units, an area
  // that sets something off), each hex outlined in the zone's style, with
  // the title's words as the tooltip.
  // With `all`, the zones not in force now too, faintly (the Zones overlay).
  drawZones(zones: UiZone[], all = false): void {
    this.zoneLayer.replaceChildren();
    for (const z of zones) {
      if (!z.active && !all) continue;
      const g = el('g', { class: `zone zone-${z.style}${z.active ? '' : ' zone-inactive'}`, 'data-zone': z.name }, this.zoneLayer);
      el('title', {}, g).textContent = `${z.rule ? `${z.rule}: ` : ''}${z.label}${z.active ? '' : ' (not in force now)'}${z.active && z.consequence ? `. Entering it sets off ${z.consequence}` : ''}`;
      for (const hex of z.hexes) el('polygon', { points: corners(this.geo, hex, 0.98), 'data-hex': hex }, g);
    }
  }

  // The title's special hexes (victory, exit, entry...): a ring with the
  // title's label as the tooltip (the map itself draws their symbols).
  drawSpecialHexes(hexes: UiHex[]): void {
    this.specialLayer.replaceChildren();
    for (const x of hexes) {
      const g = el('g', { class: `special special-${x.kind}${x.side ? ` ${x.side}` : ''}`, 'data-hex': x.hex }, this.specialLayer);
      el('title', {}, g).textContent = `${x.hex}: ${x.label}`;
      el('polygon', { points: corners(this.geo, x.hex, 0.8) }, g);
    }
  }

  // The rule modules' markers (forts, pontoons...), under the counters.
  drawModuleMarkers(markers: ModuleMarker[]): void {
    drawMarkers(this.moduleLayer, this.geo, markers);
  }

  // After drawUnits: HQ counters get their ratings, frozen units their mark.
  markCommand(st: State, frozen: Map<string, string>): void {
    markHqs(this.unitLayer, st);
    markFrozen(this.unitLayer, frozen);
  }

  clearOverlays(): void {
    this.overlayLayer.replaceChildren();
  }

  // An overlay the player asked for (Zones of Control, a battery's range):
  // its hexes in the given style, with what it is as the tooltip.
  overlay(hexes: string[], cls: string, what: string): void {
    if (!hexes.length) return;
    const g = el('g', { class: `overlay ${cls}` }, this.overlayLayer);
    el('title', {}, g).textContent = what;
    for (const hex of hexes) el('polygon', { points: corners(this.geo, hex, 0.92), 'data-hex': hex }, g);
  }

  // A line through hex centres (a line of communications), its words as the tooltip.
  line(hexes: string[], cls: string, what: string, name: string): void {
    if (hexes.length < 2) return;
    const g = el('g', { class: `overlay ${cls}`, 'data-line': name }, this.overlayLayer);
    el('title', {}, g).textContent = what;
    const pts = hexes.map((x) => centre(this.geo, x)).map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    el('polyline', { points: pts, 'data-hexes': hexes.join(',') }, g);
  }

  clearShade(): void {
    this.shadeLayer.replaceChildren();
  }

  // Shades hexes with a label (the MP cost) in the given style.
  shade(hexes: Record<string, number | string>, cls: string): void {
    const s = this.geo.hex_size;
    for (const [hex, label] of Object.entries(hexes)) {
      const g = el('g', { class: `shade ${cls}`, 'data-hex': hex }, this.shadeLayer);
      el('polygon', { points: corners(this.geo, hex, 0.96) }, g);
      if (label !== '') {
        const c = centre(this.geo, hex);
        const t = el('text', { x: c.x + s * 0.5, y: c.y - s * 0.35, 'font-size': s * 0.3, 'text-anchor': 'middle' }, g);
        t.textContent = String(label);
      }
    }
  }

  clearMarks(): void {
    this.markLayer.replaceChildren();
  }

  mark(hexes: string[], cls: string): void {
    for (const hex of hexes) el('polygon', { points: corners(this.geo, hex, 0.9), class: `mark ${cls}`, 'data-hex': hex }, this.markLayer);
  }
}

// The board: the pictures the server draws (one, or a frame per map of a
// combined edition laid out side by side like boxes on a table, with the
// links between maps drawn across), zoom and pan (wheel, pinch, drag,
// buttons, keys), markers that keep every region at least 24 px to click
// or tap, regions reached and walked with the keyboard, and the layers the
// page draws on top: a journey's path, a proposed edit, findings.
import { s } from "./dom.js";
import { fitRect, zoomAbout, nearestToward } from "./viewbox.js";

const HIT = 12; // half the smallest target, in CSS pixels (WCAG 2.5.8: 24 px)
const GAP = 48; // between frames, in picture units

export class Board {
  constructor(box, ctx) {
    this.box = box;
    this.ctx = ctx; // {regions: () => Map, onSelect(id, add), onFocus(id), onHover(id)}
    this.svg = null;
    this.frames = []; // {map, name, x, y, w, h, mapBox}
    this.pos = new Map(); // region id -> [x, y] on the whole board
    this.rad = new Map(); // region id -> inscribed radius
    this.shape = new Map(); // region id -> its path
    this.vb = null; // {x, y, w, h}
    this.fitted = "board";
    this.pointers = new Map();
    this.dragged = false;
    this.journey = null;
    this.previewed = null;
    this.focusId = null;
    this.markerTimer = 0;
    this.wire();
  }

  // ---- drawing -------------------------------------------------------------

  render(view) {
    const pictures = view.frames && view.frames.length
      ? view.frames.map((f) => ({ map: f.map, name: f.name, svg: f.svg, w: f.width, h: f.height, mapBox: f.mapBox }))
      : view.svg ? [{ map: "", name: view.title, svg: view.svg, mapBox: view.mapBox }] : [];
    if (!pictures.length) {
      this.svg = null;
      this.box.replaceChildren(Object.assign(document.createElement("p"), { className: "note", textContent: view.svgNote || "no picture" }));
      return;
    }
    const parsed = pictures.map((p) => {
      const doc = new DOMParser().parseFromString(p.svg, "image/svg+xml").documentElement;
      const vb = (doc.getAttribute("viewBox") || "0 0 1600 1000").split(/[ ,]+/).map(Number);
      return Object.assign(p, { doc, w: p.w || vb[2], h: p.h || vb[3] });
    });
    // Lay the frames out in rows, like the boxes on a table.
    const cols = parsed.length === 1 ? 1 : Math.ceil(Math.sqrt(parsed.length));
    let y = 0;
    for (let i = 0; i < parsed.length; i += cols) {
      const row = parsed.slice(i, i + cols);
      let x = 0;
      for (const p of row) {
        p.x = x;
        p.y = y;
        x += p.w + GAP;
      }
      y += Math.max(...row.map((p) => p.h)) + GAP;
    }
    const W = Math.max(...parsed.map((p) => p.x + p.w));
    const H = Math.max(...parsed.map((p) => p.y + p.h));
    const sameSize = this.world && this.world.w === W && this.world.h === H;
    this.world = { w: W, h: H };
    const combined = parsed.length > 1 || !!(view.frames && view.frames.length);
    const svg = s("svg", { id: "board-svg", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "xMidYMid meet", role: "group",
      "aria-label": `${view.title || "the board"}${combined ? `: ${parsed.length} maps` : ""}` });
    parsed.forEach((p, k) => {
      const g = s("g", { class: "frame", transform: `translate(${p.x} ${p.y})`, "data-frame": k });
      if (combined) {
        g.setAttribute("data-map", p.map);
        g.setAttribute("role", "group");
        g.setAttribute("aria-label", `${p.name} map`);
      }
      importPicture(p.doc, g, `f${k}-`);
      if (combined) g.append(s("rect", { class: "frame-edge", x: 0, y: 0, width: p.w, height: p.h, "data-tint": k % 6, "aria-hidden": "true" }));
      svg.append(g);
    });
    this.frames = parsed.map((p) => ({ map: p.map, name: p.name, x: p.x, y: p.y, w: p.w, h: p.h, mapBox: p.mapBox }));
    const frameOf = new Map(this.frames.map((f) => [f.map, f]));
    this.pos.clear();
    this.rad.clear();
    this.shape.clear();
    for (const r of view.regions) {
      const f = frameOf.get(r.map || "") || this.frames[0];
      this.pos.set(r.id, [f.x + r.at[0], f.y + r.at[1]]);
      this.rad.set(r.id, r.r);
    }
    for (const el of svg.querySelectorAll("[data-region]")) {
      const id = el.dataset.region;
      const r = this.ctx.regions().get(id);
      this.shape.set(id, el);
      el.setAttribute("tabindex", "-1");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", r ? `${r.name}${r.map ? `, ${mapName(view, r.map)} map` : ""}` : id);
    }
    // Layers the page draws, above the pictures.
    for (const id of ["xlinks", "pins", "overlay", "preview", "markers"]) svg.append(s("g", { id, "aria-hidden": "true" }));
    if (combined) this.drawCrossLinks(svg, view);
    this.svg = svg;
    this.box.style.aspectRatio = `${W} / ${H}`;
    this.box.replaceChildren(svg);
    this.pinFindings(view);
    const first = this.focusId && this.shape.get(this.focusId) ? this.focusId : view.regions.length ? view.regions[0].id : null;
    if (first && this.shape.get(first)) this.shape.get(first).setAttribute("tabindex", "0");
    this.renderFitButtons(view, combined);
    if (!sameSize || !this.vb) this.fit(this.fitted === "board" || !sameSize ? "board" : this.fitted);
    else this.apply();
  }

  renderFitButtons(view, combined) {
    const box = document.getElementById("fit-maps");
    if (!box) return;
    const buttons = [];
    if (combined) {
      for (const f of this.frames) buttons.push(Object.assign(document.createElement("button"), { type: "button", textContent: f.name, title: `Show the ${f.name} map`, className: "fit-map" }));
      buttons.forEach((b, i) => { b.dataset.zoom = "map"; b.dataset.map = this.frames[i].map; });
    } else {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: "Fit map", title: "Show the map only (M)" });
      b.dataset.zoom = "map";
      b.dataset.map = "";
      buttons.push(b);
    }
    box.replaceChildren(...buttons);
  }

  // drawCrossLinks draws the links between regions on different maps, from
  // frame to frame.
  drawCrossLinks(svg, view) {
    const g = svg.querySelector("#xlinks");
    const seen = new Set();
    for (const r of view.regions) {
      for (const l of r.foot) {
        const o = this.ctx.regions().get(l.to);
        if (!o || o.map === r.map) continue;
        const key = [r.id, l.to].sort().join(" ");
        if (seen.has(key)) continue;
        seen.add(key);
        const a = this.pos.get(r.id), b = this.pos.get(l.to);
        g.append(s("line", { class: `xlink ${l.kind}`, x1: a[0], y1: a[1], x2: b[0], y2: b[1], "data-a": r.id, "data-b": l.to }));
      }
    }
  }

  pinFindings(view) {
    const worst = new Map();
    for (const f of view.findings) {
      if (!f.region) continue;
      const rank = { error: 3, warning: 2, info: 1 }[f.severity] || 0;
      if ((worst.get(f.region) || 0) < rank) worst.set(f.region, rank);
    }
    this.pins = worst;
  }

  // ---- zoom and pan ------------------------------------------------------------

  // scale is CSS pixels per picture unit.
  scale() {
    const w = this.box.clientWidth || 1;
    return this.vb ? w / this.vb.w : 1;
  }

  apply() {
    if (!this.svg || !this.vb) return;
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    const z = document.getElementById("zoom-level");
    if (z) z.textContent = `${Math.round(this.scale() * 100)}%`;
    this.box.style.setProperty("--k", String(this.scale()));
    cancelAnimationFrame(this.markerTimer);
    this.markerTimer = requestAnimationFrame(() => this.redrawLayers());
  }

  // show makes the view hold a rectangle of the picture, as large as the
  // board's box allows.
  show(x, y, w, h) {
    this.vb = fitRect(x, y, w, h, this.box.clientWidth || 1, this.box.clientHeight || 1);
    this.apply();
  }

  fit(what) {
    if (!this.world) return;
    this.fitted = what;
    if (what === "board" || !what) {
      this.show(0, 0, this.world.w, this.world.h);
      return;
    }
    const f = this.frames.find((f) => f.map === what.replace(/^map:/, "")) || this.frames[0];
    const mb = f.mapBox && f.mapBox[2] > 0 ? f.mapBox : [0, 0, f.w, f.h];
    this.show(f.x + mb[0], f.y + mb[1], mb[2] - mb[0], mb[3] - mb[1]);
  }

  // fitRegions shows the regions (their label points and a margin): a
  // holder just filled, a winning journey.
  fitRegions(ids) {
    const pts = ids.map((id) => this.pos.get(id)).filter(Boolean);
    if (!pts.length || !this.world) return;
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    const pad = Math.max(x1 - x0, y1 - y0) * 0.15 + Math.min(this.world.w, this.world.h) * 0.06;
    this.fitted = "";
    this.show(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad);
  }

  zoomBy(factor, cx, cy) {
    if (!this.vb) return;
    const fitScale = Math.min((this.box.clientWidth || 1) / this.world.w, (this.box.clientHeight || 1) / this.world.h);
    this.fitted = "";
    this.vb = zoomAbout(this.vb, factor, cx, cy, this.scale(), fitScale);
    this.apply();
  }

  panBy(dxPx, dyPx) {
    if (!this.vb) return;
    const k = this.scale();
    this.fitted = "";
    this.vb = { ...this.vb, x: this.vb.x - dxPx / k, y: this.vb.y - dyPx / k };
    this.apply();
  }

  // toPicture turns a point on screen into picture units.
  toPicture(clientX, clientY) {
    const r = this.box.getBoundingClientRect();
    const k = this.scale();
    return [this.vb.x + (clientX - r.left) / k, this.vb.y + (clientY - r.top) / k];
  }

  // reveal pans so that a region's label point is well inside the view.
  reveal(id) {
    const p = this.pos.get(id);
    if (!p || !this.vb) return;
    const { x, y, w, h } = this.vb;
    const mx = w * 0.12, my = h * 0.12;
    if (p[0] < x + mx || p[0] > x + w - mx || p[1] < y + my || p[1] > y + h - my) {
      this.fitted = "";
      this.vb = { x: p[0] - w / 2, y: p[1] - h / 2, w, h };
      this.apply();
    }
  }

  wire() {
    const box = this.box;
    box.addEventListener("wheel", (e) => {
      if (!this.vb) return;
      e.preventDefault();
      const [cx, cy] = this.toPicture(e.clientX, e.clientY);
      this.zoomBy(Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015)), cx, cy);
    }, { passive: false });
    box.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      this.dragged = false;
    });
    box.addEventListener("pointermove", (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p || !this.vb) return;
      if (this.pointers.size === 1) {
        if (!this.dragged && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < 5) return;
        if (!this.dragged) {
          this.dragged = true;
          try {
            box.setPointerCapture(e.pointerId); // the drag goes on outside the board
          } catch (err) {
            // a pointer already gone: nothing to capture
          }
          box.classList.add("dragging");
        }
        this.panBy(e.clientX - p.x, e.clientY - p.y);
        p.x = e.clientX;
        p.y = e.clientY;
        return;
      }
      // Two fingers: pinch about their middle, and pan with it.
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      const mid0 = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      p.x = e.clientX;
      p.y = e.clientY;
      const after = Math.hypot(a.x - b.x, a.y - b.y);
      const mid1 = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      this.dragged = true;
      if (before > 0 && after > 0) {
        const [cx, cy] = this.toPicture(mid0[0], mid0[1]);
        this.zoomBy(after / before, cx, cy);
      }
      this.panBy(mid1[0] - mid0[0], mid1[1] - mid0[1]);
    });
    const up = (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size === 0) box.classList.remove("dragging");
    };
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    // A drag is not a click.
    box.addEventListener("click", (e) => {
      if (this.dragged) {
        e.stopPropagation();
        e.preventDefault();
        this.dragged = false;
        return;
      }
      const t = e.target.closest("[data-region],[data-marker]");
      if (!t) return;
      const id = t.dataset.region || t.dataset.marker;
      this.focus(id, false);
      this.ctx.onSelect(id, null);
    }, true);
    box.addEventListener("mouseover", (e) => {
      const t = e.target.closest && e.target.closest("[data-region],[data-marker]");
      this.ctx.onHover(t ? t.dataset.region || t.dataset.marker : this.focusedInside());
    });
    box.addEventListener("mouseleave", () => this.ctx.onHover(this.focusedInside()));
    box.addEventListener("focusin", (e) => {
      const t = e.target.closest("[data-region]");
      if (t) {
        this.focusId = t.dataset.region;
        this.ctx.onHover(this.focusId);
        this.ctx.onFocus(this.focusId);
      }
    });
    box.addEventListener("focusout", () => requestAnimationFrame(() => { if (!this.focusedInside()) this.ctx.onHover(null); }));
    box.addEventListener("keydown", (e) => this.key(e));
    document.getElementById("board-tools")?.addEventListener("click", (e) => {
      const b = e.target.closest("[data-zoom]");
      if (!b) return;
      switch (b.dataset.zoom) {
        case "in": this.zoomBy(1.5); break;
        case "out": this.zoomBy(1 / 1.5); break;
        case "board": this.fit("board"); break;
        case "map": this.fit("map:" + b.dataset.map); break;
      }
    });
    new ResizeObserver(() => {
      if (!this.vb) return;
      if (this.fitted) this.fit(this.fitted);
      else {
        const k = this.vb.w ? this.scale() : 1;
        const cx = this.vb.x + this.vb.w / 2, cy = this.vb.y + this.vb.h / 2;
        const w = (this.box.clientWidth || 1) / k, h = (this.box.clientHeight || 1) / k;
        this.vb = { x: cx - w / 2, y: cy - h / 2, w, h };
        this.apply();
      }
    }).observe(box);
  }

  focusedInside() {
    const a = document.activeElement;
    return a && this.box.contains(a) && a.dataset && a.dataset.region ? a.dataset.region : null;
  }

  key(e) {
    const region = e.target.closest && e.target.closest("[data-region]");
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key === "+" || e.key === "=") { this.zoomBy(1.5); e.preventDefault(); return; }
    if (e.key === "-" || e.key === "_") { this.zoomBy(1 / 1.5); e.preventDefault(); return; }
    if (e.key === "0") { this.fit("board"); e.preventDefault(); return; }
    if (e.key === "m" || e.key === "M") {
      const f = region ? this.frames.find((f) => f.map === (this.ctx.regions().get(region.dataset.region) || {}).map) : null;
      this.fit("map:" + (f ? f.map : this.frames[0].map));
      e.preventDefault();
      return;
    }
    if (region) {
      const id = region.dataset.region;
      if (dirs[e.key] && !e.shiftKey) {
        e.preventDefault();
        const next = this.neighbour(id, ...dirs[e.key]);
        if (next) this.focus(next, true);
        return;
      }
      if (e.key === "Enter") {
        e.preventDefault();
        this.ctx.onSelect(id, true);
        return;
      }
      if (e.key === " ") {
        e.preventDefault();
        this.ctx.onSelect(id, false);
        return;
      }
    }
    if (dirs[e.key]) {
      e.preventDefault();
      const [dx, dy] = dirs[e.key];
      this.panBy(-dx * this.box.clientWidth * 0.15, -dy * this.box.clientHeight * 0.15);
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && e.target === this.box) {
      e.preventDefault();
      const start = this.box.querySelector('[data-region][tabindex="0"]');
      if (start) this.focus(start.dataset.region, true);
    }
  }

  // focus moves the keyboard's focus to a region (the one region in the
  // tab order: a roving tabindex) and keeps it in view.
  focus(id, move) {
    const el = this.shape.get(id);
    if (!el) return;
    for (const other of this.box.querySelectorAll('[data-region][tabindex="0"]')) other.setAttribute("tabindex", "-1");
    el.setAttribute("tabindex", "0");
    this.focusId = id;
    if (move) {
      el.focus({ preventScroll: true });
      this.reveal(id);
    }
  }

  // neighbour is the region linked to id (on foot first, then by car) that
  // lies most nearly in direction (dx, dy); without one, the nearest region
  // that way.
  neighbour(id, dx, dy) {
    const r = this.ctx.regions().get(id);
    const from = this.pos.get(id);
    if (!r || !from) return null;
    const best = (ids) => nearestToward(from, dx, dy, ids, this.pos, id);
    return best(r.foot.map((l) => l.to)) || best(r.car.map((l) => l.to)) || best([...this.pos.keys()]);
  }

  // ---- layers drawn by the page -------------------------------------------------

  redrawLayers() {
    if (!this.svg) return;
    this.drawMarkers();
    this.drawPins();
    this.drawJourney(this.journey);
    this.drawPreview(this.previewed);
  }

  // drawMarkers gives each region narrower than 24 px at this zoom a ring
  // to click, pushed apart where rings would overlap (a line leads back to
  // the region), and kept off the middles of the regions big enough to
  // click themselves.
  drawMarkers() {
    const g = this.svg.querySelector("#markers");
    const k = this.scale();
    const R = HIT / k;
    const { x, y, w, h } = this.vb;
    const inView = (p, m) => p[0] > x - m && p[0] < x + w + m && p[1] > y - m && p[1] < y + h + m;
    const small = [], big = [];
    for (const [id, p] of this.pos) {
      if (!inView(p, 4 * R)) continue;
      if ((this.rad.get(id) || 0) < R) small.push({ id, home: p, at: [p[0], p[1]] });
      else big.push(p);
    }
    // Where the small regions are too many for a 24 px target each, the
    // board says to zoom in instead of piling rings on one another.
    const note = document.getElementById("zoom-note");
    const room = (this.box.clientWidth * this.box.clientHeight) / (4 * HIT * HIT);
    if (small.length > room * 0.3) {
      g.replaceChildren();
      this.crowded = true;
      if (note) note.textContent = `zoom in to reach the ${small.length} smallest regions`;
      return;
    }
    this.crowded = false;
    if (note) note.textContent = "";
    const sep = 2 * R + 2 / k;
    for (let iter = 0; iter < 40; iter++) {
      let moved = false;
      for (let i = 0; i < small.length; i++) {
        const a = small[i];
        for (let j = i + 1; j < small.length; j++) {
          const b = small[j];
          let vx = b.at[0] - a.at[0], vy = b.at[1] - a.at[1];
          let d = Math.hypot(vx, vy);
          if (d >= sep) continue;
          if (d < 1e-6) { vx = Math.cos(i + j); vy = Math.sin(i + j); d = 1; }
          const push = (sep - d) / 2 / d;
          a.at[0] -= vx * push; a.at[1] -= vy * push;
          b.at[0] += vx * push; b.at[1] += vy * push;
          moved = true;
        }
        for (const p of big) {
          let vx = a.at[0] - p[0], vy = a.at[1] - p[1];
          const d = Math.hypot(vx, vy);
          const need = R + 2 / k;
          if (d >= need || d < 1e-6) continue;
          a.at[0] += vx / d * (need - d);
          a.at[1] += vy / d * (need - d);
          moved = true;
        }
      }
      if (!moved) break;
    }
    const regions = this.ctx.regions();
    const items = [];
    for (const m of small) {
      const r = regions.get(m.id);
      const off = Math.hypot(m.at[0] - m.home[0], m.at[1] - m.home[1]);
      if (off > R * 0.6) items.push(s("line", { class: "leader", x1: m.home[0], y1: m.home[1], x2: m.at[0], y2: m.at[1] }));
      const cls = ["marker"];
      const shape = this.shape.get(m.id);
      if (shape) for (const c of ["selected", "in-journey", "in-game", "hl", "focus"]) if (shape.classList.contains(c)) cls.push(c);
      items.push(s("g", { class: cls.join(" "), "data-marker": m.id, transform: `translate(${m.at[0]} ${m.at[1]})` },
        s("circle", { class: "hit", r: R }),
        s("circle", { class: "ring", r: 6.5 / k }),
        s("circle", { class: "dot", r: 5 / k, fill: r && r.hex ? r.hex : "#bbb" }),
        s("title", {}, r ? r.name : m.id)));
    }
    g.replaceChildren(...items);
  }

  drawPins() {
    const g = this.svg.querySelector("#pins");
    const k = this.scale();
    const items = [];
    for (const [id, rank] of this.pins || []) {
      const p = this.pos.get(id);
      if (!p) continue;
      items.push(s("circle", { class: "pin " + ["", "info", "warning", "error"][rank], cx: p[0] + 10 / k, cy: p[1] - 10 / k, r: 6 / k, "data-pin": id }));
    }
    g.replaceChildren(...items);
  }

  // markerOf is where a region's marker sits, or null (for tests and for
  // hit-testing).
  hitPoint(id) {
    const m = this.svg && this.svg.querySelector(`#markers [data-marker="${CSS.escape(id)}"]`);
    if (m) {
      const r = m.querySelector(".hit").getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    }
    const p = this.pos.get(id);
    if (!p || !this.vb) return null;
    const b = this.box.getBoundingClientRect();
    const k = this.scale();
    return [b.left + (p[0] - this.vb.x) * k, b.top + (p[1] - this.vb.y) * k];
  }

  // drawJourney draws a checked journey: a path through its regions in
  // order, each region's day numbers, each step's transport, the failing
  // step in red with its reason.
  drawJourney(j) {
    this.journey = j;
    if (!this.svg) return;
    const g = this.svg.querySelector("#overlay");
    if (!j || !j.regions) {
      g.replaceChildren();
      return;
    }
    const k = this.scale();
    const items = [];
    const days = new Map();
    j.regions.forEach((id, i) => {
      if (!id || !this.pos.get(id)) return;
      if (!days.has(id)) days.set(id, []);
      days.get(id).push(i + 1);
    });
    const steps = j.steps || [];
    steps.forEach((st, n) => {
      const a = this.pos.get(j.regions[st.from - 1]), b = this.pos.get(j.regions[st.to - 1]);
      if (!a || !b) return;
      const bad = !st.linked;
      // A slight bow, so that a step back along the same way shows apart.
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const bow = Math.min(len * 0.12, 30 / k);
      const cx = mx - (b[1] - a[1]) / len * bow, cy = my + (b[0] - a[0]) / len * bow;
      const lx = (mx + cx) / 2, ly = (my + cy) / 2;
      const via = st.via ? (j.cards[st.via - 1] || st.how) + (st.via2 ? " + " + (j.cards[st.via2 - 1] || "") : "") : st.how;
      // A walk across a border is the plain line; every other way is named.
      const label = bad ? `✗ ${via}: ${st.why}` : st.how === "border" ? "" : via;
      const text = s("text", { class: "step-label", x: lx, y: ly - 6 / k, "font-size": 12 / k, "text-anchor": "middle" }, label);
      const halo = s("text", { class: "step-halo", x: lx, y: ly - 6 / k, "font-size": 12 / k, "text-anchor": "middle", "stroke-width": 4 / k }, label);
      items.push(s("g", { class: "step " + (bad ? "no" : "ok"), "data-journey-step": n + 1, "data-from": st.from, "data-to": st.to, "data-how": st.how },
        s("path", { class: "leg", d: `M${a[0]} ${a[1]} Q${cx} ${cy} ${b[0]} ${b[1]}`, "stroke-width": (bad ? 4 : 3) / k }),
        label ? halo : "", label ? text : ""));
    });
    for (const [id, list] of days) {
      const p = this.pos.get(id);
      const label = list.join("·");
      const r = Math.max(10, 4 + label.length * 3.5) / k;
      items.push(s("g", { class: "day-badge", "data-days": label, "data-region-days": id },
        s("circle", { cx: p[0], cy: p[1], r }),
        s("text", { x: p[0], y: p[1] + 4 / k, "font-size": 11 / k, "text-anchor": "middle" }, label)));
    }
    g.replaceChildren(...items);
  }

  // drawPreview draws a proposed edit while its entry is hovered or
  // focused: a link between two regions, regions added to a sea.
  drawPreview(p) {
    this.previewed = p;
    if (!this.svg) return;
    const g = this.svg.querySelector("#preview");
    for (const el of this.svg.querySelectorAll(".previewed")) el.classList.remove("previewed");
    if (!p) {
      g.replaceChildren();
      return;
    }
    const k = this.scale();
    const items = [];
    for (const l of p.links || []) {
      const a = this.pos.get(l.a), b = this.pos.get(l.b);
      if (!a || !b) continue;
      items.push(s("line", { class: `proposed ${l.kind}`, x1: a[0], y1: a[1], x2: b[0], y2: b[1], "stroke-width": 4 / k, "data-proposed": `${l.a} ${l.b}` }));
    }
    for (const id of [...(p.regions || []), ...(p.links || []).flatMap((l) => [l.a, l.b])]) {
      const el = this.shape.get(id);
      if (el) el.classList.add("previewed");
    }
    g.replaceChildren(...items);
  }
}

function mapName(view, id) {
  const m = (view.maps || []).find((m) => m.id === id);
  return m ? m.name : id;
}

// importPicture moves an SVG document's content into g, renaming its ids
// (and the references to them) with a prefix: two frames both have a
// clipPath "clip1" and a sea "sea-atlantic".
function importPicture(doc, g, prefix) {
  const root = document.importNode(doc, true);
  for (const a of ["font-family"]) if (root.getAttribute(a)) g.setAttribute(a, root.getAttribute(a));
  for (const el of root.querySelectorAll("[id]")) el.id = prefix + el.id;
  for (const el of root.querySelectorAll("[clip-path]")) {
    el.setAttribute("clip-path", el.getAttribute("clip-path").replace(/url\(#([^)]+)\)/, (_, id) => `url(#${prefix}${id})`));
  }
  // The picture's own names are for sighted readers; the regions carry
  // theirs for screen readers.
  for (const sel of ["#" + prefix + "labels", "#" + prefix + "title", "#" + prefix + "seas", "#" + prefix + "land", "#" + prefix + "rails", "#" + prefix + "links", "#" + prefix + "legend", "#" + prefix + "symbols", "text", ".inset-caption"]) {
    for (const el of root.querySelectorAll(sel)) el.setAttribute("aria-hidden", "true");
  }
  const title = root.querySelector(":scope > title");
  if (title) title.remove();
  g.append(...root.childNodes);
}

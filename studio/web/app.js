// The tendays studio page: the board, the region panel, the journey bar, the
// findings, the doctor and a game against the bots. Every answer comes from
// the server's /api/ (the Go library); this file only draws.
import { h, clear, api } from "./dom.js";
import { renderDoctor } from "./doctor.js";
import { Play } from "./play.js";

const studio = {
  view: null,
  regions: new Map(),
  selected: null,
  timings: { verdicts: [], boardUpdates: [] },
};
window.studio = studio;

const $ = (sel) => document.querySelector(sel);

// ---- the board -------------------------------------------------------------

function renderBoard(view) {
  const box = $("#board");
  if (!view.svg) {
    box.replaceChildren(h("p", { class: "note" }, view.svgNote || "no picture"));
    return;
  }
  const doc = new DOMParser().parseFromString(view.svg, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  box.replaceChildren(svg);
  pinFindings(svg, view);
  markJourney();
  if (studio.gameRegions) markGame(studio.gameRegions);
  if (studio.selected) select(studio.selected, false);
}

// Findings pinned on their regions: a dot at the middle of the shape.
function pinFindings(svg, view) {
  const worst = new Map();
  for (const f of view.findings) {
    if (!f.region) continue;
    const rank = { error: 3, warning: 2, info: 1 }[f.severity] || 0;
    if ((worst.get(f.region) || 0) < rank) worst.set(f.region, rank);
  }
  const NS = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(NS, "g");
  g.setAttribute("id", "pins");
  for (const [id, rank] of worst) {
    const shape = svg.querySelector(`[data-region="${CSS.escape(id)}"]`);
    if (!shape) continue;
    const bb = shape.getBBox();
    const c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", bb.x + bb.width / 2);
    c.setAttribute("cy", bb.y + bb.height / 2);
    c.setAttribute("r", 9);
    c.setAttribute("class", "pin " + ["", "info", "warning", "error"][rank]);
    c.dataset.pin = id;
    g.append(c);
  }
  svg.append(g);
}

function regionShapes() {
  return document.querySelectorAll("#board [data-region]");
}

// Hovering a region lights its links by kind.
function hover(id) {
  const svg = $("#board svg");
  if (!svg) return;
  for (const el of svg.querySelectorAll(".hl")) el.classList.remove("hl", "self", "foot", "bridge", "ferry", "car", "sea", "rail", "plane");
  if (!id) {
    svg.classList.remove("hovering");
    return;
  }
  const r = studio.regions.get(id);
  if (!r) return;
  svg.classList.add("hovering");
  const kinds = new Map();
  const put = (to, kind) => { if (!kinds.has(to)) kinds.set(to, kind); };
  for (const l of r.foot) put(l.to, l.kind === "border" ? "foot" : l.kind);
  for (const l of r.car) put(l.to, "car");
  for (const g of r.seas) for (const to of g.regions) put(to, "sea");
  for (const g of r.rails) for (const to of g.regions) put(to, "rail");
  for (const g of r.plane) for (const to of g.regions) put(to, "plane");
  kinds.set(id, "self");
  for (const [to, kind] of kinds) {
    for (const el of svg.querySelectorAll(`[data-region="${CSS.escape(to)}"]`)) el.classList.add("hl", kind);
  }
}

// ---- the region panel -------------------------------------------------------

function nameOf(id) {
  const r = studio.regions.get(id);
  return r ? r.name : id;
}

function regionLink(id) {
  return h("a", { href: "#", "data-goto": id }, nameOf(id));
}

function list(items) {
  if (!items.length) return h("span", { class: "none" }, "none");
  const out = [];
  items.forEach((it, i) => { if (i) out.push(", "); out.push(it); });
  return h("span", {}, ...out);
}

function select(id, addToJourney) {
  const r = studio.regions.get(id);
  if (!r) return;
  studio.selected = id;
  for (const el of document.querySelectorAll("#board .selected")) el.classList.remove("selected");
  for (const el of document.querySelectorAll(`#board [data-region="${CSS.escape(id)}"]`)) el.classList.add("selected");
  const panel = $("#panel");
  const findings = studio.view.findings.filter((f) => f.region === id);
  panel.replaceChildren(
    h("h2", { "data-region-name": "" }, r.name, " ", h("small", {}, r.id)),
    h("p", {}, h("span", { class: "swatch", style: `background:${r.hex || "#bbb"}` }), " ", r.colorName,
      ` · ${r.copies} card${r.copies === 1 ? "" : "s"}`, r.airOnly ? " · air only" : ""),
    h("h3", {}, "Neighbours (on foot)"),
    h("ul", { class: "links" }, ...(r.foot.length ? r.foot.map((l) => h("li", { class: l.kind }, regionLink(l.to),
      ` — ${l.kind}`, l.lengthKm ? ` (${Math.round(l.lengthKm)} km)` : "", l.why ? `: ${l.why}` : "")) : [h("li", { class: "none" }, "none")])),
    h("h3", {}, "By car"),
    h("ul", { class: "links" }, ...(r.car.length ? r.car.map((l) => h("li", {}, regionLink(l.to), " via ", list((l.via || []).map(regionLink)))) : [h("li", { class: "none" }, "none")])),
    h("h3", {}, "Seas"),
    h("ul", { class: "links" }, ...(r.seas.length ? r.seas.map((g) => h("li", {}, g.name, g.card ? ` (${g.card}) → ` : " ", list(g.regions.map(regionLink)))) : [h("li", { class: "none" }, "none")])),
    h("h3", {}, "Rail lines"),
    h("ul", { class: "links" }, ...(r.rails.length ? r.rails.map((g) => h("li", {}, g.name, g.card ? ` (${g.card}) → ` : " ", list(g.regions.map(regionLink)))) : [h("li", { class: "none" }, "none")])),
    h("h3", {}, "By plane"),
    h("ul", { class: "links" }, ...(r.plane.length ? r.plane.map((g) => h("li", {}, g.card, " → ", list(g.regions.map(regionLink)))) : [h("li", { class: "none" }, "none")])),
    ...(findings.length ? [h("h3", {}, "Findings"), h("ul", { class: "findings" }, ...findings.map(findingItem))] : []),
    h("p", {}, h("button", { type: "button", "data-add": id }, "Add to the journey")),
  );
  panel.hidden = false;
  $("#panel-hint").hidden = true;
  showTab("region");
  if (addToJourney) addCard(id);
}

// ---- the journey bar --------------------------------------------------------

function journeyCards() {
  return $("#journey-input").value.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

function addCard(token) {
  const cards = journeyCards();
  cards.push(token);
  $("#journey-input").value = cards.join(", ");
  markJourney();
}

function markJourney() {
  for (const el of document.querySelectorAll("#board .in-journey")) el.classList.remove("in-journey");
  const ids = new Set();
  for (const t of journeyCards()) {
    const low = t.toLowerCase();
    // A region's id, its name or an alias (a combined edition's asia:Russia).
    for (const r of studio.regions.values()) {
      if (r.id.toLowerCase() === low || r.name.toLowerCase() === low || (r.aliases || []).some((a) => a.toLowerCase() === low)) ids.add(r.id);
    }
  }
  for (const id of ids) for (const el of document.querySelectorAll(`#board [data-region="${CSS.escape(id)}"]`)) el.classList.add("in-journey");
}

async function checkJourney() {
  const t0 = performance.now();
  const cards = journeyCards();
  const verdict = $("#verdict");
  const steps = $("#steps");
  if (!cards.length) {
    verdict.textContent = "";
    verdict.dataset.verdict = "";
    clear(steps);
    $("#verdict-box").classList.add("empty");
    return;
  }
  $("#verdict-box").classList.remove("empty");
  const res = await api("POST", "/api/journey", { cards });
  if (res.ok) {
    const v = res.body;
    verdict.dataset.verdict = v.valid ? "valid" : "not valid";
    verdict.dataset.fault = v.fault || "";
    // A combined edition: a journey must hold a region of every member map.
    const misses = v.fault === "missing-map" ? "misses a map — " : "";
    const cov = v.coverage ? ` (maps covered: ${v.coverage.map((m) => `${m.name} ${m.regions}`).join(", ")})` : "";
    verdict.textContent = (v.valid ? "valid: " : "not valid: ") + misses + v.reason + cov;
    steps.replaceChildren(...v.steps.map((s) => h("li", { class: s.linked ? "ok" : "no" },
      h("span", { class: "days" }, `days ${s.from}–${s.to}`), " ", s.text)));
  } else {
    verdict.dataset.verdict = "not valid";
    verdict.dataset.fault = "";
    verdict.textContent = "not valid: " + res.error;
    clear(steps);
  }
  verdict.className = verdict.dataset.verdict === "valid" ? "valid" : "invalid";
  markJourney();
  // Measured when the verdict is on screen: after the next frame is painted.
  requestAnimationFrame(() => setTimeout(() => studio.timings.verdicts.push(performance.now() - t0), 0));
}

function renderTransport(view) {
  const box = $("#transport");
  box.replaceChildren(...view.transport.map((t) => h("button", { type: "button", class: "card", "data-card": t }, t)));
}

// ---- findings ---------------------------------------------------------------

function findingItem(f) {
  return h("li", { class: f.severity, "data-finding": f.rule },
    h("b", {}, f.severity), " ", h("code", {}, f.rule), " ", f.message, f.hint ? ` (${f.hint})` : "",
    f.region ? h("span", {}, " — ", regionLink(f.region)) : "",
    f.line ? h("small", {}, ` ${f.file || ""}:${f.line}:${f.column || 0}`) : "");
}

function renderFindings(view) {
  const ul = $("#findings");
  if (!view.findings.length) ul.replaceChildren(h("li", { class: "none" }, "No findings."));
  else ul.replaceChildren(...view.findings.map(findingItem));
  const n = view.findings.filter((f) => f.severity !== "info").length;
  $("#findings-count").textContent = n ? `(${n})` : "";
}

// ---- network packs ----------------------------------------------------------

function renderNetwork(view) {
  const tabBtn = document.querySelector('[data-tab="network"]');
  const n = view.network;
  tabBtn.hidden = !n;
  if (!n) return;
  const station = new Map(n.stations.map((s) => [s.id, s]));
  const sname = (id) => (station.get(id) || { name: id }).name;
  $("#network").replaceChildren(
    h("h2", {}, `${n.stations.length} stations, ${n.routes.length} routes`),
    h("h3", {}, "Companies"),
    h("ul", {}, ...n.companies.map((c) => h("li", {}, h("span", { class: "swatch", style: `background:${c.hex}` }), ` ${c.name} (${c.cards} cards)`))),
    h("h3", {}, "Stations"),
    h("ol", { class: "stations" }, ...n.stations.map((s) => h("li", { "data-station": s.id, value: s.number },
      s.name, s.region ? ` (${s.region})` : ""))),
    h("h3", {}, "Routes"),
    h("ul", { class: "routes" }, ...n.routes.map((r) => h("li", {}, `${sname(r.a)} – ${sname(r.b)}`, r.lengthKm ? ` (${Math.round(r.lengthKm)} km)` : ""))),
    h("h3", {}, `Passenger tickets (${n.passengerTickets.length})`),
    h("ul", { class: "tickets" }, ...n.passengerTickets.map((t) => h("li", { "data-ticket": t.id }, `${sname(t.a)} → ${sname(t.b)}: ${t.points} points`))),
    h("h3", {}, `Freight tickets (${n.freightTickets.length})`),
    h("ul", { class: "tickets" }, ...n.freightTickets.map((t) => h("li", { "data-ticket": t.id }, `${t.commodities.join(" + ")}: ${t.points} points`))),
  );
}

// ---- the whole view -----------------------------------------------------------

async function loadView() {
  const res = await api("GET", "/api/view");
  if (!res.ok) {
    showError("cannot load the view: " + res.error);
    return;
  }
  const view = res.body;
  studio.view = view;
  studio.regions = new Map(view.regions.map((r) => [r.id, r]));
  document.title = `${view.title || "tendays"} — tendays studio`;
  $("#title").textContent = view.title || "(nothing derived)";
  $("#source").textContent = view.source;
  renderBoard(view);
  renderTransport(view);
  renderFindings(view);
  renderNetwork(view);
  const playable = view.kind === "regions" && !view.playable;
  $("#journey-input").placeholder = journeyHint(view);
  $("#journey").hidden = !playable;
  $("#hover-legend").hidden = view.kind !== "regions";
  $("#verdict-box").hidden = !playable;
  play.setPlayable(playable ? "" : (view.playable || "nothing to play"));
  showError(view.error ? `the last rebuild failed, showing build ${view.version}: ${view.error}` : "");
  if (view.kind === "network") showTab("network");
  document.body.dataset.version = view.version;
  studio.timings.boardUpdates.push({ version: view.version, at: Date.now(), sincePageStart: performance.now() });
  if (journeyCards().length && playable) await checkJourney();
}

// journeyHint is the journey bar's example: the pack's own tokens, and on
// a combined edition a map-qualified one.
function journeyHint(view) {
  const ex = view.regions.slice(0, 2).map((r) => r.id);
  if (view.transport.length) ex.splice(1, 0, view.transport[view.transport.length - 1]);
  // A name on two maps: the token names the map (europe:Russia).
  const seen = new Map();
  for (const r of view.regions) for (const a of r.aliases || []) seen.set(a, (seen.get(a) || 0) + 1);
  const dup = view.regions.find((r) => r.map && (r.aliases || []).some((a) => seen.get(a) > 1));
  if (dup) ex.push(dup.aliases.filter((a) => a.includes(":")).sort((x, y) => y.length - x.length)[0] || dup.id);
  const days = view.days ? ` (${view.days} days)` : "";
  return `cards separated by commas${days}: ${ex.join(", ")}, …`;
}

function showError(msg) {
  const el = $("#error");
  el.textContent = msg;
  el.hidden = !msg;
}

function showTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.hidden = t.id !== "tab-" + name;
}

function connect() {
  const status = $("#status");
  const es = new EventSource("/api/events");
  es.addEventListener("hello", (e) => {
    status.dataset.status = "live";
    status.textContent = "live";
    const d = JSON.parse(e.data);
    if (studio.view && d.version !== studio.view.version) loadView();
  });
  es.addEventListener("build", async (e) => {
    const d = JSON.parse(e.data);
    status.textContent = `rebuilt (build ${d.version})`;
    await loadView();
  });
  es.addEventListener("build-error", (e) => {
    const d = JSON.parse(e.data);
    showError(`the last rebuild failed: ${d.error}`);
  });
  es.addEventListener("error", () => {
    status.dataset.status = "offline";
    status.textContent = "reconnecting…";
  });
}

// ---- wiring ----------------------------------------------------------------

// The regions of the game's holder (or winning journey), marked on the board.
function markGame(ids) {
  studio.gameRegions = ids;
  for (const el of document.querySelectorAll("#board .in-game")) el.classList.remove("in-game");
  for (const id of ids) for (const el of document.querySelectorAll(`#board [data-region="${CSS.escape(id)}"]`)) el.classList.add("in-game");
}

const play = new Play($("#game"), $("#new-game"), { nameOf, onRegion: (id) => select(id, false), onHolder: markGame });

document.addEventListener("click", (e) => {
  const t = e.target;
  const goto = t.closest("[data-goto]");
  if (goto) { e.preventDefault(); select(goto.dataset.goto, false); return; }
  const add = t.closest("[data-add]");
  if (add) { addCard(add.dataset.add); checkJourney(); return; }
  const card = t.closest("[data-card]");
  if (card) { addCard(card.dataset.card); return; }
  const tab = t.closest("[data-tab]");
  if (tab) { showTab(tab.dataset.tab); return; }
  const region = t.closest("#board [data-region]");
  if (region) select(region.dataset.region, $("#journey-build").checked);
});
document.addEventListener("mouseover", (e) => {
  const region = e.target.closest && e.target.closest("#board [data-region]");
  hover(region ? region.dataset.region : null);
});
$("#board").addEventListener("mouseleave", () => hover(null));
$("#journey").addEventListener("submit", (e) => { e.preventDefault(); checkJourney(); });
$("#journey-input").addEventListener("input", markJourney);
$("#verdict-close").addEventListener("click", () => $("#verdict-box").classList.add("empty"));
$("#journey-clear").addEventListener("click", () => { $("#journey-input").value = ""; checkJourney(); });
$("#doctor-run").addEventListener("click", async () => {
  $("#doctor-status").textContent = "measuring…";
  await renderDoctor($("#doctor"), { nameOf, onRegion: (id) => select(id, false), allowEdit: () => studio.view.allowEdit });
  $("#doctor-status").textContent = "";
});

await loadView();
studio.timings.firstBoard = performance.now();
connect();
document.body.dataset.ready = "true";

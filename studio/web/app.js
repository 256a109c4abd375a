// The tendays studio page: the board, the region panel, the journey bar, the
// findings, the doctor and games. Every answer comes from the server's
// /api/ (the Go library); these modules only draw.
import { h, api, announce } from "./dom.js";
import { Board } from "./board.js";
import { Journey } from "./journey.js";
import { Tabs } from "./tabs.js";
import { Doctor } from "./doctor.js";
import { Play } from "./play.js";
import { NetPlay } from "./netplay.js";

// studio is the page's state: what the module exports, for whoever imports
// it (the browser tests do, with import("/app.js")); the page sets no
// global of its own.
export const studio = {
  view: null,
  good: null, // the last view whose board is drawn (a broken save keeps it)
  regions: new Map(),
  selected: null,
  timings: { verdicts: [], boardUpdates: [] },
  // game is the game being played (the last answer of the server).
  get game() {
    return player ? player.game : null;
  },
};

const $ = (sel) => document.querySelector(sel);

const tabs = new Tabs($("#tabs"));
// On a phone the transport cards fold away under their summary.
if (window.innerWidth < 700) $("#transport-box").open = false;
const board = new Board($("#board"), {
  regions: () => studio.regions,
  onSelect: (id, add) => select(id, add === null ? $("#journey-build").checked : add, true),
  onFocus: () => {},
  onHover: (id) => hover(id),
});
studio.board = board;
const journey = new Journey({ board, view: () => studio.view, timings: studio.timings });

// ---- hovering and marks ------------------------------------------------------

const KINDS = ["self", "foot", "bridge", "ferry", "car", "sea", "rail", "plane"];

// hover lights a region's links by kind: on the board, its markers and the
// lines between maps.
function hover(id) {
  const svg = $("#board svg");
  if (!svg) return;
  for (const el of svg.querySelectorAll(".hl")) el.classList.remove("hl", ...KINDS);
  const r = id && studio.regions.get(id);
  svg.classList.toggle("hovering", !!r);
  if (!r) return;
  const kinds = new Map();
  const put = (to, kind) => { if (!kinds.has(to)) kinds.set(to, kind); };
  for (const l of r.foot) put(l.to, l.kind === "border" ? "foot" : l.kind);
  for (const l of r.car) put(l.to, "car");
  for (const g of r.seas) for (const to of g.regions) put(to, "sea");
  for (const g of r.rails) for (const to of g.regions) put(to, "rail");
  for (const g of r.plane) for (const to of g.regions) put(to, "plane");
  kinds.set(id, "self");
  for (const [to, kind] of kinds) {
    for (const el of svg.querySelectorAll(`[data-region="${CSS.escape(to)}"],[data-marker="${CSS.escape(to)}"]`)) el.classList.add("hl", kind);
  }
  for (const el of svg.querySelectorAll(`.xlink[data-a="${CSS.escape(id)}"],.xlink[data-b="${CSS.escape(id)}"]`)) el.classList.add("hl");
}

function markClass(cls, ids) {
  for (const el of document.querySelectorAll(`#board .${cls}`)) el.classList.remove(cls);
  for (const id of ids) {
    for (const el of document.querySelectorAll(`#board [data-region="${CSS.escape(id)}"],#board [data-marker="${CSS.escape(id)}"]`)) el.classList.add(cls);
  }
}

// The regions of the game's holder (or winning journey), marked on the board.
function markGame(ids) {
  studio.gameRegions = ids;
  markClass("in-game", ids);
}

// ---- the region panel ----------------------------------------------------------

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

function select(id, addToJourney, fromBoard) {
  const r = studio.regions.get(id);
  if (!r) return;
  studio.selected = id;
  markClass("selected", [id]);
  board.focus(id, false);
  const panel = $("#panel");
  const findings = studio.view.findings.filter((f) => f.region === id);
  const mapName = r.map ? ((studio.view.maps || []).find((m) => m.id === r.map) || { name: r.map }).name : "";
  panel.replaceChildren(
    h("h2", { "data-region-name": "" }, r.name, " ", h("small", {}, r.id)),
    h("p", {}, h("span", { class: "swatch", style: `background:${r.hex || "#bbb"}` }), " ", r.colorName,
      ` · ${r.copies} card${r.copies === 1 ? "" : "s"}`, r.airOnly ? " · air only" : "", mapName ? ` · ${mapName} map` : ""),
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
  if (!fromBoard || tabs.current() !== "play") tabs.show("region", false);
  if (addToJourney && journeyOpen()) {
    journey.add(id);
    announce(`${r.name} added to the journey`);
  } else if (fromBoard) {
    announce(`${r.name}: ${r.foot.length} neighbour${r.foot.length === 1 ? "" : "s"} on foot`);
  }
}

function journeyOpen() {
  return !$("#journey").hidden;
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

function renderTransport(view) {
  const box = $("#transport");
  box.replaceChildren(...view.transport.map((t) => h("button", { type: "button", class: "card", "data-card": t }, t)));
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

// broken: a save that breaks the pack (nothing derived, or lint errors the
// engine refuses to play) while a good board is on the page.
function broken(view) {
  const errors = view.findings.filter((f) => f.severity === "error");
  return view.kind === "" || (errors.length > 0 && !!view.playable);
}

// viewLanguage is the one of langs (the languages the edition names its
// regions in) the browser's language picks, as the server's NameIn reads
// it: the whole tag, else the part before "-"; "" when none.
export function viewLanguage(browser, langs) {
  const want = browser.toLowerCase().replace(/[^a-z0-9-]/g, "");
  if (!want) return "";
  const lower = langs.map((l) => l.toLowerCase());
  if (lower.includes(want)) return want;
  const base = want.split("-")[0];
  return lower.includes(base) ? base : "";
}

async function loadView() {
  // The view the page preloads; then, where the edition has names in the
  // browser's language, the view in it.
  let res = await api("GET", "/api/view");
  const lang = res.ok ? viewLanguage(navigator.language || "", res.body.langs || []) : "";
  if (lang) res = await api("GET", "/api/view?lang=" + encodeURIComponent(lang));
  if (!res.ok) {
    showError("cannot load the view: " + res.error);
    return;
  }
  const view = res.body;
  document.body.dataset.version = view.version;
  renderFindings(view);
  if (studio.good && broken(view) && studio.good.kind !== "") {
    // Keep the last good board; say what broke, with the findings.
    const errors = view.findings.filter((f) => f.severity === "error");
    showError(`Build ${view.version} breaks the edition (${errors.length || "no"} error${errors.length === 1 ? "" : "s"}${view.kind === "" ? ", nothing derived" : ""}): the board shows build ${studio.good.version}, the last good one.`,
      errors.length ? errors : view.findings, view.error);
    studio.broken = view.version;
    studio.timings.boardUpdates.push({ version: view.version, at: Date.now(), sincePageStart: performance.now(), kept: studio.good.version });
    return;
  }
  studio.broken = 0;
  studio.view = view;
  if (!broken(view) || !studio.good) studio.good = view;
  studio.regions = new Map(view.regions.map((r) => [r.id, r]));
  document.title = `${view.title || "tendays"} — tendays studio`;
  $("#title").textContent = view.title || "(nothing derived)";
  $("#source").textContent = view.source;
  board.render(view);
  journey.mark();
  if (studio.gameRegions) markGame(studio.gameRegions);
  if (studio.selected && studio.regions.has(studio.selected)) select(studio.selected, false, true);
  renderTransport(view);
  renderNetwork(view);
  const playable = view.kind === "regions" && !view.playable;
  $("#journey-input").placeholder = journeyHint(view);
  $("#journey").hidden = !playable;
  $("#hover-legend").hidden = view.kind !== "regions";
  $("#verdict-box").hidden = !playable;
  playFor(view);
  showError(view.error ? `the last rebuild failed, showing build ${view.version}: ${view.error}` : "");
  if (view.kind === "network" && !studio.shownNetwork) {
    studio.shownNetwork = true;
    tabs.show("network", false);
  }
  doctor.stale(view.version);
  studio.timings.boardUpdates.push({ version: view.version, at: Date.now(), sincePageStart: performance.now() });
  if (journey.cards().length && playable) await journey.check(true);
}

// journeyHint is the journey bar's example: the pack's own tokens, and on
// a combined edition a map-qualified one.
function journeyHint(view) {
  const ex = view.regions.slice(0, 2).map((r) => r.id);
  if (view.transport.length) ex.splice(1, 0, view.transport[view.transport.length - 1]);
  const seen = new Map();
  for (const r of view.regions) for (const a of r.aliases || []) seen.set(a, (seen.get(a) || 0) + 1);
  const dup = view.regions.find((r) => r.map && (r.aliases || []).some((a) => seen.get(a) > 1));
  if (dup) ex.push(dup.aliases.filter((a) => a.includes(":")).sort((x, y) => y.length - x.length)[0] || dup.id);
  const days = view.days ? ` (${view.days} days)` : "";
  return `cards separated by commas${days}: ${ex.join(", ")}, …`;
}

// showError fills the banner: a message, and the findings that explain it.
function showError(msg, findings, extra) {
  const el = $("#error");
  if (!msg) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.replaceChildren(h("p", {}, msg, extra ? ` (${extra})` : ""),
    findings && findings.length ? h("ul", { class: "findings" }, ...findings.slice(0, 12).map(findingItem)) : "");
  el.hidden = false;
}

function connect() {
  const status = $("#status");
  if (globalThis.tendaysInPage) { // a static site: no server to hear from
    status.dataset.status = "static";
    status.textContent = "static site";
    return;
  }
  const es = new EventSource("/api/events");
  let lost = false;
  es.addEventListener("hello", (e) => {
    // Back after the studio did not answer (a restart): a table's device
    // rejoins its seat.
    if (lost && player && player.onReconnect) player.onReconnect();
    lost = false;
    status.dataset.status = "live";
    status.textContent = "live";
    const d = JSON.parse(e.data);
    if (studio.view && d.version !== studio.view.version && d.version !== studio.broken) loadView();
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
  es.addEventListener("game", (e) => {
    if (player && player.onGameEvent) player.onGameEvent(JSON.parse(e.data));
  });
  es.addEventListener("error", () => {
    lost = true;
    status.dataset.status = "offline";
    status.textContent = "the studio does not answer: reconnecting…";
  });
}

// ---- games ---------------------------------------------------------------------

const gameCtx = { nameOf, onRegion: (id) => { select(id, false, false); tabs.show("play", false); }, onHolder: markGame, board: () => board, view: () => studio.view,
  clearJourney: () => { journey.mark([]); journey.hide(); } };
const play = new Play($("#game"), $("#new-game"), gameCtx);
const netplay = new NetPlay($("#game"), $("#new-game"), gameCtx);
let player = null;

function playFor(view) {
  const next = view.kind === "network" ? netplay : play;
  if (player !== next) {
    player = next;
    next.attach();
  }
  const why = view.kind === "regions" || view.kind === "network" ? view.playable || "" : view.playable || "nothing to play";
  next.setPlayable(why, view);
}

// ---- the doctor ------------------------------------------------------------------

const doctor = new Doctor($("#doctor"), $("#doctor-run"), $("#doctor-status"), {
  nameOf, onRegion: (id) => select(id, false, false), allowEdit: () => studio.view.allowEdit, board: () => board, regions: () => studio.regions,
});

// ---- wiring ----------------------------------------------------------------

document.addEventListener("click", (e) => {
  const t = e.target;
  const goto = t.closest("[data-goto]");
  if (goto) {
    e.preventDefault();
    select(goto.dataset.goto, false, false);
    board.focus(goto.dataset.goto, false);
    board.reveal(goto.dataset.goto);
    return;
  }
  const add = t.closest("[data-add]");
  if (add) { journey.add(add.dataset.add); journey.check(false, true); return; }
  const card = t.closest("[data-card]");
  if (card) { journey.add(card.dataset.card); return; }
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !$("#verdict-box").classList.contains("empty")) {
    journey.hide();
    announce("verdict hidden");
  }
});

// fitBoardHeight keeps the whole board in the window: its box ends above
// the window's bottom edge whatever stands above it (the journey bar, the
// transport cards), on a wide screen where the panels are beside it.
function fitBoardHeight() {
  const el = $("#board");
  if (window.innerWidth <= 900) {
    el.style.maxHeight = "";
    return;
  }
  const top = el.getBoundingClientRect().top + window.scrollY;
  el.style.maxHeight = `${Math.max(320, window.innerHeight - top - 44)}px`;
}
window.addEventListener("resize", fitBoardHeight);
$("#transport-box").addEventListener("toggle", fitBoardHeight);

await loadView();
fitBoardHeight();
board.fit(board.fitted || "board");
studio.timings.firstBoard = performance.now();
connect();
// /?play&seed=S&bots=N...: that game, its moves replayed.
const params = new URLSearchParams(location.search);
if (params.has("play") && player && !player.notPlayable) {
  tabs.show("play", false);
  await player.fromURL(params);
} else if (params.has("table") && player && player.fromTable && !player.notPlayable) {
  // A seat of a table (its link, or a reload): back in that seat.
  tabs.show("play", false);
  await player.fromTable(params);
}
document.body.dataset.ready = "true";

// The journey bar: cards typed (or added by clicking regions and transport
// cards), checked as they are typed by the server (journey check's rules),
// the verdict beside the board and the journey drawn on it. What a typed
// token names is the server's answer too (the engine reads tokens): the
// page marks the regions it says, and trims no card itself.
import { h, api, announce } from "./dom.js";
import { splitCards, joinCards } from "./cards.js";

export class Journey {
  constructor(ctx) {
    this.ctx = ctx; // {board, view: () => view, timings}
    this.input = document.getElementById("journey-input");
    this.verdict = document.getElementById("verdict");
    this.steps = document.getElementById("steps");
    this.boxEl = document.getElementById("verdict-box");
    this.seq = 0;
    this.timer = 0;
    this.input.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.check(false), 180);
    });
    document.getElementById("journey").addEventListener("submit", (e) => {
      e.preventDefault();
      clearTimeout(this.timer);
      this.check(true);
    });
    document.getElementById("journey-clear").addEventListener("click", () => {
      this.input.value = "";
      this.check(true);
    });
    document.getElementById("verdict-close").addEventListener("click", () => this.hide());
  }

  cards() {
    return splitCards(this.input.value);
  }

  add(token) {
    this.input.value = joinCards([...this.cards(), token]);
    this.check(false, true);
  }

  hide() {
    this.boxEl.classList.add("empty");
    this.ctx.board.drawJourney(null);
  }

  // mark outlines the regions the typed cards name (tokens: the server's
  // reading of each card).
  mark(tokens) {
    const board = document.getElementById("board");
    for (const el of board.querySelectorAll(".in-journey")) el.classList.remove("in-journey");
    const ids = new Set((tokens || []).map((t) => t.region).filter(Boolean));
    for (const id of ids) for (const el of board.querySelectorAll(`[data-region="${CSS.escape(id)}"],[data-marker="${CSS.escape(id)}"]`)) el.classList.add("in-journey");
  }

  // check asks the server. A full check (Enter, or as many cards as the
  // game has days) gives the verdict; fewer cards are checked as a journey
  // so far (the server sets its trailing transport cards aside), so a
  // wrong step shows as soon as it is typed.
  async check(full, said) {
    const t0 = performance.now();
    const view = this.ctx.view();
    const cards = this.cards();
    const seq = ++this.seq;
    if (!cards.length) {
      this.verdict.textContent = "";
      this.verdict.dataset.verdict = "";
      this.verdict.className = "";
      this.steps.replaceChildren();
      this.boxEl.classList.add("empty");
      this.mark([]);
      this.ctx.board.drawJourney(null);
      return;
    }
    const days = view.days || 10;
    full = full || cards.length >= days;
    const res = await api("POST", "/api/journey", full ? { cards } : { cards, soFar: true });
    if (seq !== this.seq) return; // a newer check is on its way
    this.mark(res.body && res.body.tokens);
    if (res.ok && !res.body.checked) return; // too few cards to check yet
    this.boxEl.classList.remove("empty");
    const v = this.verdict;
    let drawn = null;
    if (res.ok) {
      const r = res.body;
      drawn = r;
      const cov = r.coverage ? ` (maps covered: ${r.coverage.map((m) => `${m.name} ${m.regions}`).join(", ")})` : "";
      if (full) {
        v.dataset.verdict = r.valid ? "valid" : "not valid";
        v.dataset.fault = r.fault || "";
        const misses = r.fault === "missing-map" ? "misses a map — " : "";
        v.textContent = (r.valid ? "valid: " : "not valid: ") + misses + r.reason + cov;
      } else {
        // So far: a map still missing is no fault yet.
        const ok = r.valid || r.fault === "missing-map";
        v.dataset.verdict = "";
        v.dataset.fault = ok ? "" : r.fault || "";
        v.textContent = `${r.checked} of ${days} days so far: ` + (ok ? "every step holds" : "not valid: " + r.reason) + cov;
      }
      v.className = full ? (r.valid ? "valid" : "invalid") : (v.dataset.fault ? "invalid" : "partial");
      this.steps.replaceChildren(...r.steps.map((st, n) => h("li", { class: st.linked ? "ok" : "no", "data-step": n + 1 },
        h("span", { class: "days" }, `days ${st.from}–${st.to}`), " ", st.text)));
    } else if (res.status === 0 || res.status >= 500) {
      // No verdict was given: the studio is gone, or failed.
      v.dataset.verdict = "";
      v.dataset.fault = "no-answer";
      v.className = "lost";
      v.textContent = "No verdict: " + res.error;
      this.steps.replaceChildren();
    } else {
      v.dataset.verdict = full ? "not valid" : "";
      v.dataset.fault = "";
      v.className = "invalid";
      v.textContent = (full ? "not valid: " : "so far: ") + res.error;
      this.steps.replaceChildren();
    }
    this.ctx.board.drawJourney(drawn);
    if (full || said) announce(v.textContent);
    // Measured when the verdict is on screen: after the next frame is painted.
    if (full) requestAnimationFrame(() => setTimeout(() => this.ctx.timings.verdicts.push(performance.now() - t0), 0));
  }
}

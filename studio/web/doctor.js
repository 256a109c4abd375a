// The doctor's report: its charts as bar charts, each proposal with a
// button to try it (re-measured in memory) and, when the studio was started
// with --allow-edit, one to apply it to edition.yaml. Hovering or focusing
// a proposal draws it on the board (a ferry's line, a sea's new coasts);
// after Apply the report is made again for the new build, and a report of
// an older build is marked stale with its buttons off.
import { h, s, api, announce } from "./dom.js";

// barChart draws horizontal bars; a flagged bar is outlined in red; a bar
// pinned on a region is a link to it.
export function barChart(chart) {
  const bars = chart.bars || [];
  const row = 16, labelW = 170, width = 460, barW = width - labelW - 60;
  const max = Math.max(1e-9, ...bars.map((b) => b.value));
  const svg = s("svg", { viewBox: `0 0 ${width} ${Math.max(1, bars.length) * row + 4}`, class: "chart", "data-chart": chart.id, role: "img", "aria-label": chart.title });
  bars.forEach((b, i) => {
    const y = i * row + 2;
    const g = s("g", { class: b.flag ? "bar flag" : "bar" });
    if (b.region) g.dataset.goto = b.region;
    g.append(s("text", { x: labelW - 6, y: y + 11, "text-anchor": "end" }, b.label));
    g.append(s("rect", { x: labelW, y: y + 1, width: Math.max(1, (b.value / max) * barW), height: row - 4, fill: b.hex || "#6b8fb3" }));
    g.append(s("text", { x: labelW + Math.max(1, (b.value / max) * barW) + 4, y: y + 11 }, `${b.value}${chart.unit === "%" ? "%" : ""}`));
    g.append(s("title", {}, `${b.label}: ${b.value} ${chart.unit || ""}`));
    svg.append(g);
  });
  return h("figure", {}, h("figcaption", {}, chart.title), svg);
}

function reportBody(rep) {
  return [
    rep.summary ? h("p", { class: "summary" }, rep.summary) : "",
    ...(rep.notes || []).map((n) => h("p", { class: "note" }, n)),
    ...(rep.charts || []).map((c) => barChart(c)),
  ];
}

export class Doctor {
  constructor(box, runBtn, status, ctx) {
    this.box = box;
    this.status = status;
    this.ctx = ctx;
    this.version = 0;
    this.running = false;
    runBtn.addEventListener("click", () => this.run());
  }

  async run() {
    this.running = true;
    this.status.textContent = "measuring…";
    this.box.setAttribute("aria-busy", "true");
    const res = await api("GET", "/api/doctor");
    this.running = false;
    this.box.removeAttribute("aria-busy");
    this.status.textContent = "";
    if (!res.ok) {
      this.box.replaceChildren(h("p", { class: "note" }, res.error));
      return;
    }
    this.version = res.body.version;
    this.render(res.body);
    this.box.dataset.version = String(this.version);
    announce(`doctor's report for build ${this.version}: ${(res.body.report.proposals || []).length} proposed edits`);
  }

  // stale marks a report of an older build: its proposals no longer
  // describe the edition.
  stale(version) {
    if (!this.version || this.running || version === this.version) return;
    this.box.classList.add("stale");
    for (const b of this.box.querySelectorAll("[data-try],[data-apply]")) b.disabled = true;
    this.status.textContent = `the edition changed (build ${version}): run the doctor again`;
  }

  render(body) {
    const rep = body.report;
    const allow = body.allowEdit;
    const props = rep.proposals || [];
    const tried = h("div", { id: "doctor-tried" });
    this.box.classList.remove("stale");
    const board = this.ctx.board();
    this.box.replaceChildren(
      ...reportBody(rep),
      h("h3", {}, `Proposed edits (${props.length})`),
      props.length ? h("ul", { class: "proposals" }, ...props.map((p) => {
        const tryBtn = h("button", { type: "button", "data-try": p.id }, "Try");
        const applyBtn = h("button", { type: "button", "data-apply": p.id, disabled: !allow, title: allow ? "write it to edition.yaml" : "start tendays serve with --allow-edit to apply" }, "Apply");
        tryBtn.addEventListener("click", async () => {
          tried.replaceChildren(h("p", {}, `trying ${p.title}…`));
          const r = await api("POST", "/api/doctor/try", { proposals: [p.id] });
          tried.replaceChildren(h("h3", {}, `With “${p.title}”`), ...(r.ok ? reportBody(r.body.report) : [h("p", { class: "note" }, r.error)]));
        });
        applyBtn.addEventListener("click", async () => {
          applyBtn.disabled = true;
          const r = await api("POST", "/api/doctor/apply", { proposals: [p.id] });
          if (!r.ok) {
            tried.replaceChildren(h("p", { class: "note" }, r.error));
            applyBtn.disabled = false;
            return;
          }
          announce(`applied ${p.title}: edition.yaml written; measuring the new build`);
          await this.run();
          this.box.prepend(h("p", { class: "summary", "data-applied": p.id }, `Applied “${p.title}”: edition.yaml written, rebuilt (build ${r.body.version}), measured again below.`));
        });
        const preview = p.links || p.regions ? { links: p.links || [], regions: p.regions || [] } : null;
        const li = h("li", { "data-proposal": p.id, tabindex: preview ? 0 : null }, h("b", {}, p.title), p.detail ? ` — ${p.detail}` : "",
          p.effect ? h("div", { class: "effect" }, p.effect) : "", " ", tryBtn, " ", applyBtn);
        if (preview) {
          const on = () => board.drawPreview(preview);
          const off = () => board.drawPreview(null);
          li.addEventListener("mouseenter", on);
          li.addEventListener("mouseleave", off);
          li.addEventListener("focusin", on);
          li.addEventListener("focusout", off);
        }
        return li;
      })) : h("p", { class: "none" }, allow ? "No edits proposed." : "No edits proposed by this doctor."),
      tried,
    );
  }
}

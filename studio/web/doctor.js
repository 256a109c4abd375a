// The doctor's report: its charts as bar charts, each proposal with a
// button to try it (re-measured in memory) and, when the studio was started
// with --allow-edit, one to apply it to edition.yaml.
import { h, api } from "./dom.js";

const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// barChart draws horizontal bars, longest scale first; a flagged bar is
// outlined in red; a bar pinned on a region is a link to it.
export function barChart(chart, onRegion) {
  const bars = chart.bars || [];
  const row = 16, labelW = 170, width = 460, barW = width - labelW - 60;
  const max = Math.max(1e-9, ...bars.map((b) => b.value));
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${Math.max(1, bars.length) * row + 4}`, class: "chart", "data-chart": chart.id });
  bars.forEach((b, i) => {
    const y = i * row + 2;
    const g = svgEl("g", { class: b.flag ? "bar flag" : "bar" });
    if (b.region) g.dataset.goto = b.region;
    g.append(svgEl("text", { x: labelW - 6, y: y + 11, "text-anchor": "end" }, b.label));
    g.append(svgEl("rect", { x: labelW, y: y + 1, width: Math.max(1, (b.value / max) * barW), height: row - 4, fill: b.hex || "#6b8fb3" }));
    g.append(svgEl("text", { x: labelW + Math.max(1, (b.value / max) * barW) + 4, y: y + 11 }, `${b.value}${chart.unit === "%" ? "%" : ""}`));
    g.append(svgEl("title", {}, `${b.label}: ${b.value} ${chart.unit || ""}`));
    svg.append(g);
  });
  return h("figure", {}, h("figcaption", {}, chart.title), svg);
}

function reportBody(rep, onRegion) {
  return [
    rep.summary ? h("p", { class: "summary" }, rep.summary) : "",
    ...(rep.notes || []).map((n) => h("p", { class: "note" }, n)),
    ...(rep.charts || []).map((c) => barChart(c, onRegion)),
  ];
}

export async function renderDoctor(box, ctx) {
  const res = await api("GET", "/api/doctor");
  if (!res.ok) {
    box.replaceChildren(h("p", { class: "note" }, res.error));
    return;
  }
  const rep = res.body.report;
  const allow = res.body.allowEdit;
  const props = rep.proposals || [];
  const tried = h("div", { id: "doctor-tried" });
  box.replaceChildren(
    ...reportBody(rep, ctx.onRegion),
    h("h3", {}, `Proposed edits (${props.length})`),
    props.length ? h("ul", { class: "proposals" }, ...props.map((p) => {
      const tryBtn = h("button", { type: "button", "data-try": p.id }, "Try");
      const applyBtn = h("button", { type: "button", "data-apply": p.id, disabled: !allow, title: allow ? "write it to edition.yaml" : "start tendays serve with --allow-edit to apply" }, "Apply");
      tryBtn.addEventListener("click", async () => {
        tried.replaceChildren(h("p", {}, `trying ${p.title}…`));
        const r = await api("POST", "/api/doctor/try", { proposals: [p.id] });
        tried.replaceChildren(h("h3", {}, `With “${p.title}”`), ...(r.ok ? reportBody(r.body.report, ctx.onRegion) : [h("p", { class: "note" }, r.error)]));
      });
      applyBtn.addEventListener("click", async () => {
        const r = await api("POST", "/api/doctor/apply", { proposals: [p.id] });
        tried.replaceChildren(h("p", { class: r.ok ? "summary" : "note" }, r.ok ? `applied ${p.title}: edition.yaml written, rebuilt` : r.error));
      });
      return h("li", {}, h("b", {}, p.title), p.detail ? ` — ${p.detail}` : "", p.effect ? h("div", { class: "effect" }, p.effect) : "", " ", tryBtn, " ", applyBtn);
    })) : h("p", { class: "none" }, allow ? "No edits proposed." : "No edits proposed by this doctor."),
    tried,
  );
}

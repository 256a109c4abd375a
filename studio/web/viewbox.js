// The board's geometry without the page: what a view of the picture holds
// (its viewBox) when it is fitted to a rectangle, zoomed about a point or
// moved, and which region lies the way an arrow key points. Plain
// functions of numbers, so that node --test checks them.

// fitRect is the view that holds the rectangle (x, y, w, h) of the picture
// in a box of boxW x boxH pixels: as large as the box allows, the
// rectangle centred along the other side.
export function fitRect(x, y, w, h, boxW, boxH) {
  const aspect = (boxW || 1) / (boxH || 1);
  if (w / h > aspect) {
    const nh = w / aspect;
    return { x, y: y - (nh - h) / 2, w, h: nh };
  }
  const nw = h * aspect;
  return { x: x - (nw - w) / 2, y, w: nw, h };
}

// zoomAbout is the view vb zoomed by factor about the picture point
// (cx, cy), the view's centre when cx is undefined. scale is the view's
// pixels per picture unit now, fitScale the scale that fits the whole
// board: the zoom stays between half of that and 60 times it (at least 8).
export function zoomAbout(vb, factor, cx, cy, scale, fitScale) {
  const target = Math.min(Math.max(scale * factor, fitScale * 0.5), Math.max(fitScale * 60, 8));
  const f = target / scale;
  if (cx === undefined) {
    cx = vb.x + vb.w / 2;
    cy = vb.y + vb.h / 2;
  }
  return { x: cx - (cx - vb.x) / f, y: cy - (cy - vb.y) / f, w: vb.w / f, h: vb.h / f };
}

// nearestToward is the id, of ids, whose point (points: id -> [x, y]) lies
// most nearly in direction (dx, dy) from `from`: within 60 degrees of it,
// the nearest, a point off the direction counting as farther (null: none).
export function nearestToward(from, dx, dy, ids, points, self) {
  let pick = null;
  let score = Infinity;
  for (const to of ids) {
    const p = points.get(to);
    if (!p || to === self) continue;
    const vx = p[0] - from[0];
    const vy = p[1] - from[1];
    const d = Math.hypot(vx, vy);
    if (d === 0) continue;
    const cos = (vx * dx + vy * dy) / d;
    if (cos < 0.5) continue;
    const sc = d * (1 + 2 * (1 - cos));
    if (sc < score) {
      score = sc;
      pick = to;
    }
  }
  return pick;
}

// Card names that fit their box: a holder's ten days on a 360 px phone
// leave each card about 50 px. A name is shown whole on up to two lines;
// one that does not fit is shortened (a shorter name the edition gives it,
// its long words cut, then its id), each card keeping a label no other
// card of the row has, so South Dakota and South Carolina stay apart.
// Pure: the measuring is the caller's (a canvas on the page).

// Small words a shortened name leaves out.
const minor = new Set(["of", "the", "and", "de", "la", "du"]);

// cutWords shortens each word of more than seven letters to its first five
// and a dot, dropping small words: "Democratic Republic of the Congo" →
// "Democ. Repub. Congo".
export function cutWords(name) {
  const words = name.split(/\s+/).filter((w) => w && !minor.has(w.toLowerCase()));
  return words.map((w) => (w.length > 7 ? w.slice(0, 5) + "." : w)).join(" ");
}

// shortID is a token's last part: "africa.CAF" → "CAF", "europe:TUR" →
// "TUR", "MA" → "MA".
export function shortID(token) {
  return token.split(/[.:]/).pop();
}

// candidates are the labels a card may show, best first: its name, the
// shorter names it is known by (aliases that are names, not ids), its
// words cut, its short id, its token.
export function candidates(card, aliases) {
  const out = [card.name];
  const names = (aliases || []).filter((a) => !a.includes(":") && a !== card.token && a !== shortID(card.token) && a.length < card.name.length);
  names.sort((a, b) => a.length - b.length || a.localeCompare(b));
  // A transport card's name is its token (plane:green): its colour or
  // sea says it.
  out.push(...names.reverse(), card.name.includes(":") ? "" : cutWords(card.name), shortID(card.token), card.token);
  return out.filter((c, i) => c && out.indexOf(c) === i);
}

// wraps reports whether text breaks into at most lines lines of width,
// breaking at spaces and after hyphens, as the browser does (a piece wider
// than a line does not fit); measure gives a string's width.
export function wraps(text, width, lines, measure) {
  let used = 0;
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    word.split(/(?<=-)/).forEach((piece, i) => {
      if (measure(piece) > width) used = Infinity;
      const next = line ? line + (i === 0 ? " " : "") + piece : piece;
      if (line && measure(next) > width) {
        used++;
        line = piece;
      } else {
        line = next;
      }
    });
  }
  return used + (line ? 1 : 0) <= lines;
}

// chooseLabels gives each card (its token and candidates) the first
// candidate that fits (fits(label, card)) and that no card with another
// token shows; when none fits, the shortest that no other card shows (the
// token at worst, unique by definition).
export function chooseLabels(cards, fits) {
  const taken = new Map(); // label (lower case) → token
  return cards.map((c) => {
    const list = c.candidates;
    const free = (label) => {
      const key = label.toLowerCase();
      const owner = taken.get(key);
      return (owner === undefined || owner === c.token) && !cards.some((o) => o.token !== c.token && o.candidates[0].toLowerCase() === key);
    };
    const open = list.filter(free);
    let pick = open.find((label) => fits(label, c));
    if (pick === undefined) pick = open.length ? open.reduce((a, b) => (b.length < a.length ? b : a)) : c.token;
    taken.set(pick.toLowerCase(), c.token);
    return pick;
  });
}

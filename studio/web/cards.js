// The journey bar's text as a list of card tokens and back: tokens are
// separated by commas, with the spaces around them dropped. What a token
// names is the engine's to say (POST /api/journey's "tokens"), not this.

// splitCards is the tokens of the journey bar's text.
export function splitCards(text) {
  return text.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

// joinCards is the text of a list of tokens, as the bar shows it.
export function joinCards(tokens) {
  return tokens.join(", ");
}

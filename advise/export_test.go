package advise

// WithBudget is opts with a smaller work budget, for tests that size
// games by it without playing the default budget's games: pilot games
// first, evidence and measure steps, and the fewest games of each.
func WithBudget(opts Options, pilot int, evidence, measure int64, minGames, minMeasure int) Options {
	opts.limits = &limits{pilot: pilot, evidence: evidence, measure: measure, minGames: minGames, minMeasure: minMeasure}
	return opts
}

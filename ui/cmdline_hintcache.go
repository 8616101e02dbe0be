package ui

// hintCache is the command line's hint rows as last built and what they
// were built from: Height (asked several times an update, for the layout)
// and View each built them, and a hint is worded, fitted and wrapped from
// the tools' schemas, twice or more a key.
type hintCache struct {
	key   hintKey
	rows  []string
	built bool
	// builds counts the rows built, for the test that asks for one
	// build a key.
	builds int
	// rev counts the changes to what the hint is built from besides
	// what hintKey holds: every setter, key and Tab bumps it (changed).
	rev uint64
}

// hintKey is what the hint rows are built from that changes without a
// call of the command line's own: the input's line and cursor (its own
// messages, a paste, move them) and the word the server answered nothing
// for (set by the root).
type hintKey struct {
	value   string
	pos     int
	focused bool
	width   int
	asked   askedWord
	rev     uint64
}

// changed says the hint is to be built again.
func (c *CommandLine) changed() { c.hint.rev++ }

// hintRows is the hint rows (buildHintRows), built once for each change
// of what they say. The rows are shared: a caller that changes them
// copies them first.
func (c *CommandLine) hintRows() []string {
	k := hintKey{c.input.Value(), c.input.Position(), c.input.Focused(), c.width, c.askedNothing, c.hint.rev}
	if !c.hint.built || c.hint.key != k {
		c.hint.key, c.hint.rows, c.hint.built = k, c.buildHintRows(), true
		c.hint.builds++
	}
	return c.hint.rows
}

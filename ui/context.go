package ui

import (
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/themes"
)

// common is the state every component shares: styles, keys, the record
// index and the clock. The root owns it and hands the same pointer to every
// constructor, so a restart of a replay (a new Log) reaches every pane at once.
type common struct {
	st   *themes.Styles
	keys *KeyMap
	log  *history.Log
	now  func() time.Time
	// replay is set when the records come from a recording.
	replay bool
	// spin is the current frame of the pending spinner.
	spin string
	// note is the standing hint of Options.Note.
	note string
}

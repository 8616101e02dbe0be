package ui

import (
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonfmt"
	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// maxIndentDepth is how deep nesting is indented. Containers deeper than
// this print on one line, so indentation is at most 64 columns and 100,000
// levels of [ cost what they weigh, not gigabytes of spaces.
const maxIndentDepth = 32

// prettyJSON writes s pretty-printed by the one pretty-printer (jsonfmt)
// and reports whether s was JSON (a prefix of JSON when cut, or when the
// writer filled up before the end) and how much of s it printed; on false
// the writer holds garbage and is discarded. The printer checks the grammar
// as it goes, so text that is not JSON falls back to plain text, and each
// byte of input is looked at a bounded number of times.
func prettyJSON(w *lineWriter, s string, cut bool) (ok bool, printed int) {
	opt := jsonfmt.Options{MaxIndent: maxIndentDepth, Stream: true, Cut: cut}
	printed, err := jsonfmt.Walk(s, opt, (*jsonSink)(w))
	(*jsonSink)(w).release(0)
	return err == nil, printed
}

// jsonSink is the detail pane's end of the walk: it colours each piece by
// its kind and keeps what the writer holds.
type jsonSink lineWriter

// kindOfJSON is the style of each kind of piece; a literal cut short is
// plain text, for it may be neither true nor null.
var kindOfJSON = [...]kind{
	jsonfmt.Punct: kindPunct, jsonfmt.Space: kindPlain, jsonfmt.Key: kindKey, jsonfmt.String: kindString,
	jsonfmt.Number: kindNumber, jsonfmt.Bool: kindBool, jsonfmt.Null: kindNull, jsonfmt.Partial: kindPlain,
}

// Write writes a piece of JSON, a string literal exactly as written,
// escapes and all. Only what fits is sanitized and written: a 20 MB string
// costs what the writer can still hold.
func (s *jsonSink) Write(k jsonfmt.Kind, text string) int {
	w := (*lineWriter)(s)
	// A value waits for what follows it: punctuation right after it
	// (",", ":") stays on the value's last row.
	trail := 0
	if k == jsonfmt.Punct {
		trail = len(text) // the grammar lets only ASCII through
	}
	s.release(trail)
	if room := w.room(); len(text) > room {
		text = clip.Prefix(text, room)
	}
	shown := text // the grammar lets only ASCII through the others
	if k == jsonfmt.Key || k == jsonfmt.String {
		shown = sanitize.Line(text)
	}
	switch k {
	case jsonfmt.Key, jsonfmt.String, jsonfmt.Number, jsonfmt.Bool, jsonfmt.Null:
		w.held, w.heldKind = shown, kindOfJSON[k]
	default:
		w.write(kindOfJSON[k], shown)
	}
	return len(text)
}

// release writes the value held back, keeping trail columns after it.
func (s *jsonSink) release(trail int) {
	w := (*lineWriter)(s)
	if w.held == "" {
		return
	}
	held := w.held
	w.held = ""
	w.writeKeeping(w.heldKind, held, trail)
}

// Newline starts a line indented two columns per level.
func (s *jsonSink) Newline(depth int) {
	s.release(0)
	(*lineWriter)(s).newline(2 * depth)
}

package ui

import (
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
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
	// replay is set when the records come from a recording, watching when
	// they are a proxied client's.
	replay, watching bool
	// replayDone is set once a replay has handed out every record: only
	// then does an empty Pairs pane mean the recording has no requests.
	// replayMessages is how many messages the recording holds (loaded so
	// far), which an empty Pairs pane says are still to come.
	replayDone     bool
	replayMessages int
	// own is set while the session shown in a proxy's TUI is the user's
	// own, opened with o next to the clients: its hints are a live
	// session's, and its keys act on it, where no key acts on a proxied
	// client's (proxied).
	own bool
	// spin is the current frame of the pending spinner.
	spin string
	// note is the standing hint of Options.Note.
	note string
	// roots are the roots the session offers, when rootsKnown (a live
	// session); rootsGen counts their changes, for caches.
	roots      []mcp.Root
	rootsKnown bool
	rootsGen   int
	// recording is the file the shown records are in (being recorded, or
	// played back); "" when there is none, or the recording failed.
	recording string
	// pad paints the blanks that fill lines out to a pane's width: every
	// line of every frame has some, so the App style is applied as a
	// prefix and suffix worked out once rather than rendered each time.
	pad paint
}

// newCommon returns the shared state for styles st.
func newCommon(st *themes.Styles, keys *KeyMap, log *history.Log, now func() time.Time) *common {
	return &common{st: st, keys: keys, log: log, now: now, pad: newPaint(st.App.Render)}
}

// canInitialize reports whether the initialize key works in the session
// shown: it does not in a replay, nor in a proxied client's session (the
// client owns it), so advice to press it is for a session of one's own.
func (c *common) canInitialize() bool { return c.keys.Initialize.Enabled() }

// proxied reports whether a proxy's TUI shows a proxied client's session,
// or none yet: not the user's own, whose empty panes say what a live
// session's say (press i), not that no client has connected or spoken.
func (c *common) proxied() bool { return c.watching && !c.own }

// relayed reports whether the session shown is one a proxy relayed: this
// proxy's client's, or a proxied session's recording replayed.
func (c *common) relayed() bool { return c.proxied() || c.log.Negotiation().Client != nil }

// awaitingClient reports whether a proxy's TUI has no client's session to
// show yet: the Pairs pane then says where to point one (the standing
// note).
func (c *common) awaitingClient() bool { return c.proxied() && c.log.Len() == 0 }

// clock is "now" as the records see it: the wall clock when live, and in a
// replay the time of the last record played, so a pending request's age is
// what it was at that moment of the recording, not a day later.
func (c *common) clock() time.Time {
	if c.replay {
		if t := c.log.LastTime(); !t.IsZero() {
			return t
		}
	}
	return c.now()
}

// audience is who acts on the advice under a failure of the session shown:
// the user at these keys, a proxied session's client, live or replayed
// (as the Markdown export advises it), or, in a replay of the user's own,
// a reader of the session as the export advises one: "press i first" named
// a key that answers "a replay sends nothing".
func (c *common) audience() advice.Audience {
	switch {
	case c.relayed():
		return advice.Watcher
	case c.replay:
		return advice.Reader
	}
	return advice.TUI
}

package ui

import (
	"fmt"
	"io"
)

// quitBacklogSaid is how many records the screen has not shown yet make
// quitting say that it writes them to the recording first: the recorder
// takes a record as the screen does, so under a flood it lags with the
// screen, and writing the rest after quit took 0.8 s for 28,000 records
// (about 30 µs each) with nothing on the terminal. Fewer go by unnoticed.
const quitBacklogSaid = 1000

// loggedSeq is what a Backend tells of its session's records
// (mcp.Session.Logged, through command.Runner): the Seq of the newest.
type loggedSeq interface{ Logged() int64 }

// quittingWords are what quitting says while the records the screen has
// not shown yet are written to the recording: the user's q or ctrl+c is
// answered at once, where the screen went blank for as long as that took.
// Empty when there is no recording, few such records, or records of many
// sessions (a proxy's, whose numbers are each their own).
func (m *Model) quittingWords() string {
	if m.com.recording == "" || m.com.replay || m.opts.Clients != nil {
		return ""
	}
	b, ok := m.opts.Backend.(loggedSeq)
	if !ok {
		return ""
	}
	// "Up to": the last batch or two handed on are written already.
	n := b.Logged() - m.shownSeq
	if n < quitBacklogSaid {
		return ""
	}
	return fmt.Sprintf("quitting: writing up to %d more records to the recording…", n)
}

// startQuit ends the backend calls still running and says what quitting
// waits for, on the status bar of the last frame and again once the
// screen is given back (sayQuitting), where the wait is spent.
func (m *Model) startQuit() {
	m.cancel()
	m.quitting = m.quittingWords()
	if m.quitting != "" {
		m.setStatus(levelInfo, m.quitting)
	}
}

// sayQuitting writes the quitting words on errw once the screen is the
// user's again, before the caller writes the records left to the
// recording.
func (m *Model) sayQuitting(errw io.Writer) {
	if m.quitting != "" {
		fmt.Fprintf(errw, "mcpscope: %s\n", m.quitting)
	}
}

package history

import "github.com/mcpscope/mcpscope/mcp"

// A session's end is recorded: the last record of a session mcpscope
// closed (exec, the TUI, a proxied client that left or was let go) is a
// state change to "closed" of the session itself. A recording whose last
// record is anything else, a connection's close among them, was stopped
// before its close was written: mcpscope was killed, or the machine went
// down, between two lines. Its requests then look pending and a re-run
// calls them unrecorded, so the reader says why, once, among its warnings;
// or that another process still holds the file's lock and is recording to
// it.

// stateSkim is the part of a state record the reader needs to see the end.
type stateSkim struct {
	State string `json:"state"`
	Conn  int    `json:"conn"`
	URL   string `json:"url"`
	// Auto and Detail say a state is one of mcpscope's reconnects of its
	// own (StateChange.OnItsOwn), which the listing's counts follow.
	Auto   bool   `json:"auto"`
	Detail string `json:"detail"`
	// Reopen and Over say a listen stream is reopened on its own, or
	// given up and reopened no more (listenReopens).
	Reopen bool `json:"reopen"`
	Over   bool `json:"over"`
	// Protocol is the session's version, which says whether a
	// resultType means anything (resultTypeSkim).
	Protocol string `json:"protocol"`
}

// closing is a record's skeleton that knows whether it closes the session.
type closing interface{ closes() bool }

func (s *lineSummary) closes() bool   { return closesAs(s.Kind, s.State) }
func (s *recordSummary) closes() bool { return closesAs(s.Kind, s.State) }

// closes reports whether a record is a session's closing one.
func closes(kind mcp.Kind, st *mcp.StateChange) bool {
	return st != nil && closesAs(kind, stateSkim{State: st.State, Conn: st.Conn, URL: st.URL})
}

// closesAs reports whether a record of kind with state (its state
// record's skeleton) closes the session: the one rule the skeletons and
// whole records are read by. A live session's close (mcp.Session.Close)
// names no connection; a proxied session's names the upstream URL, as
// every state of it does. A "closed" that names a connection and no URL
// is one connection's or server session's end (a legacy stream that
// dropped, a DELETE), after which the session went on: a recording cut
// right after it has no close.
func closesAs(kind mcp.Kind, st stateSkim) bool {
	return kind == mcp.KindState && st.State == mcp.StateClosed && (st.Conn == 0 || st.URL != "")
}

// Notes about how a recording ends, said when it has records but no close.
const (
	unclosedNote = "the recording ends without its close: mcpscope stopped before closing it (killed, or the machine went down), " +
		"so what happened after its last record was not recorded"
	stillRecordingNote = "still being recorded by another mcpscope: it may grow"
)

// shortEndNote is an end note in the few words a line shared with other
// things has room for (the replay's bar, a row of the listing), "" for any
// other note: the whole sentence took a listing row 200 columns wide.
func shortEndNote(note string) string {
	switch note {
	case unclosedNote:
		return "it ends without its close"
	case stillRecordingNote:
		return "still being recorded"
	}
	return ""
}

// isEndNote reports whether a reader's note is about how the recording
// ends rather than a line in it.
func isEndNote(s string) bool { return s == unclosedNote || s == stillRecordingNote }

// onlyEndNotes reports whether every note is about how the recording ends.
func onlyEndNotes(notes []string) bool {
	for _, s := range notes {
		if !isEndNote(s) {
			return false
		}
	}
	return len(notes) > 0
}

// endNote says why a recording read to its end has no closing record, or
// "" when it has one, was not read to its end, holds no record, or ends in
// a line cut short (whose warning says it was interrupted).
func (r *Reader) endNote() string {
	if !r.ended || r.closed || r.cut || r.n == 0 {
		return ""
	}
	if heldByAnother(r.path) {
		return stillRecordingNote
	}
	return unclosedNote
}

package mcp

import (
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// NameShown is a tool's name as a row, the export's heading and JSON, a
// re-run's report, exec's heading and the proxy's lines show it, and a
// listed tool's, prompt's or resource's name as exec's listing and the
// TUI's hints and candidates show it: cut at NameLimit and saying how long
// it was (clip.Quote), where a megabyte name from a client's tools/call or
// a server's tools/list reached each of them whole. The record, the row
// and the list keep the name whole: Mcp-Param headers and output schemas
// are found by it, Tab inserts it, and a re-run sends the recorded bytes.
// It is here, below history, so the proxy's own lines cut a name as the
// rest do.
//
// Every other name a line quotes is cut by it too: a method (the proxy's
// line, the checks of an answer's version and of a 202 with a body, a
// server request's withdrawal, our answers refusing one), a request's id
// and subject, a log's logger (history.NoteWords.Line cuts it at
// NameLimit with its own cut). What is not a name keeps its own limit: a
// cancellation's reason or an error's text is prose, not a name, cut at
// 200 bytes (ServerCancelled, the observer's cancel), as a reader wants
// more of a sentence than of a name. A request's subject comes cut at
// NameLimit, its mark after it (history.SubjectOf), so a line quoting it
// bounds it at 200 bytes rather than cut the mark off; so does the TUI's
// title of a row's tool, which history's rows give cut by NameShown.
// Builds before NameLimit cut at 200 bytes: what they recorded of a name
// keeps that cut, and whatever reads it back takes both (RefusalReason).
func NameShown(name string) string { return clip.Quote(name, NameLimit) }

// NameLimit is how much of a name (NameShown) or a request's subject a
// line keeps: the most a row, the export's heading and the proxy's line
// use, with room beside it for clip.Quote's size, so what the TUI and the
// proxy cut at 200 bytes still ends in the mark saying how long it was.
const NameLimit = 160

// MethodShown is a message's method as the TUI's rows and the proxy's lines
// show it: NameShown, or "(no method)" when it is empty or only spaces, so
// a request whose method is "   " reads as one with none rather than as a
// blank column or a line with only its id.
func MethodShown(method string) string {
	if strings.TrimSpace(method) == "" {
		return "(no method)"
	}
	return NameShown(method)
}

package history

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/internal/wrap"
)

// RenderRerunResult is one request's line in a re-run's report, and the
// diff or notes under it, the diff's lines within width columns (a
// terminal's; 80 when the output is none). A re-run prints each as it is
// judged, so a reader that goes away (| head -1) is found before the rest
// is sent.
func RenderRerunResult(r RerunResult, width int) string {
	var b strings.Builder
	name := r.Method
	if r.Tool != "" {
		name += " " + r.Tool
	} else if r.Subject != "" {
		name += " " + r.Subject
	}
	switch {
	case handshakeMethods[r.As]:
		name += " (as " + r.As + ")"
	case r.As != "":
		name += " (" + r.As + ")"
	}
	outcome := string(r.Outcome)
	if r.Outcome == OutcomeError {
		// As the summary counts it: "error" beside a request answered
		// with a JSON-RPC error read as that, where it is one that got
		// no answer (the POST refused, the stream gone). --json keeps
		// "error".
		outcome = "failed"
	}
	fmt.Fprintf(&b, "%3d  %-10s  %s\n", r.N, outcome, sanitize.Line(name))
	if handshakeMethods[r.As] {
		// On a line of its own: after the name it passed 80 columns.
		b.WriteString("     compared on what both say: capabilities, instructions, serverInfo\n")
	}
	if r.Redacted != "" {
		fmt.Fprintf(&b, "     %s\n", r.Redacted)
	}
	if r.LogLevel != "" {
		fmt.Fprintf(&b, "     %s\n", r.LogLevel)
	}
	if r.Listed != "" {
		// Long, and with a server's words in it: wrapped at 80 columns.
		for _, row := range wrap.Words(r.Listed, 80-len(rerunIndent)) {
			fmt.Fprintf(&b, "%s%s\n", rerunIndent, row)
		}
	}
	if r.Mismatch != "" {
		fmt.Fprintf(&b, "     %s\n", sanitize.Line(r.Mismatch))
	}
	if r.Error != "" {
		fmt.Fprintf(&b, "     %s\n", sanitize.Line(r.Error))
	}
	if r.Era != "" {
		fmt.Fprintf(&b, "     %s\n", r.Era)
	}
	switch {
	case r.NotSent > 0:
		fmt.Fprintf(&b, "     the server can no longer be reached: the %d recorded requests after this were not sent\n", r.NotSent)
	case r.Unreachable:
		b.WriteString("     the server can no longer be reached\n")
	}
	if r.Note != "" {
		fmt.Fprintf(&b, "     %s\n", r.Note)
		if len(r.Differences) == 1 {
			// What the server answers now, on a line of its own that
			// fits 80 columns: it is news, not a difference.
			fmt.Fprintf(&b, "     now: %s\n", nowLine(r.Differences[0].Live))
		}
		return b.String()
	}
	if !r.ShowsDiff() {
		return b.String()
	}
	if r.SameAs > 0 {
		fmt.Fprintf(&b, "%ssame differences as request %d\n", rerunIndent, r.SameAs)
		return b.String()
	}
	for _, line := range strings.Split(strings.TrimRight(RenderDiff(r.Differences, width-len(rerunIndent)), "\n"), "\n") {
		fmt.Fprintf(&b, "%s%s\n", rerunIndent, line)
	}
	return b.String()
}

// ShowsDiff reports whether RenderRerunResult draws r's differences as
// a diff, - the recorded side and + the live one: an unrecorded answer's
// note and a failure have no such lines to explain.
func (r RerunResult) ShowsDiff() bool { return r.Note == "" && len(r.Differences) > 0 }

// RerunResultCut reports whether RenderRerunResult at width leaves out
// part of an answer, which the report in JSON (--json) gives whole, and
// whether a wider report shows more of it: a diff's values fill the
// width, where the "now:" line of an unrecorded answer is as short at any.
func RerunResultCut(r RerunResult, width int) (cut, wider bool) {
	if r.Note != "" {
		return len(r.Differences) == 1 && len(r.Differences[0].Live) > nowLineLimit, false
	}
	if r.SameAs > 0 {
		// Not drawn: the earlier result's diff said what was cut.
		return false, false
	}
	cut = diffCut(r.Differences, width-len(rerunIndent))
	return cut, cut
}

// rerunIndent is what a re-run report puts before a diff's lines.
const rerunIndent = "     "

// nowLineLimit keeps the "now:" line of an unrecorded answer within 80
// columns, its indent and size note included.
const nowLineLimit = 50

// nowLine is a live answer shown on one short line, made safe.
func nowLine(s string) string {
	line := jsonLine(clip.Prefix(s, nowLineLimit))
	if len(s) <= nowLineLimit {
		return line
	}
	return clip.WithSize(clip.Prefix(line, nowLineLimit), len(s))
}

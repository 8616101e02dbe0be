package main

import (
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// How a session's lines name its client: its label, redacted as its
// records are.

// name is how a printed line calls the session (name, by the session's
// redactor).
func (lp *linePrinter) name() string { return name(lp.c, lp.named) }

// started says a client connected, with the session's first record or
// its end: the label on the line is redacted by what the redactor learnt
// from that record (the key in the query of the request that began the
// session), and the line is stamped as the session began, in order.
func (lp *linePrinter) started(path string) { lp.start = &path }

// sayStart says the connected line if it is not said yet.
func (lp *linePrinter) sayStart() {
	if lp.start != nil {
		path := *lp.start
		lp.start = nil
		lp.sayStarted(path)
	}
}

// sayStarted says a client connected, from where and where it is
// recorded (path).
func (lp *linePrinter) sayStarted(path string) {
	what := "connected from " + lp.c.Remote
	if lp.c.UserAgent != "" {
		// Through the redactor as the label is: the label is often the
		// User-Agent itself.
		ua := lp.c.UserAgent
		if lp.named != nil {
			ua = lp.named(ua)
		}
		what += " (" + clip.Quote(ua, proxy.LabelLimit) + ")"
	}
	status := ""
	if path != "" {
		status = "recording to " + path
	}
	lp.lineAt(lp.c.Started, "+", what, status)
	if off := lp.c.OffPathWords(); off != "" {
		// Said at once: the whole session is another endpoint's, and the
		// lines that follow name methods, not where they went.
		lp.lineAt(lp.c.Started, "!", off, "")
	}
}

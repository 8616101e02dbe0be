package ui

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// detectLine is what the Negotiation pane's Detect line says: the
// transport chosen, where, and why; or that none worked and what a stop
// left untried. What each probe met (its verdict, "closed without an
// answer") is said once, on the probe's own line below it, so the line
// does not walk the probes again as the detection's reason does (which
// exec and the failed state print, with no probe lines beside them). A
// forced transport, or a detection with no probes, keeps its reason.
func detectLine(d *mcp.Detection) string {
	n := len(d.Attempts)
	if d.Forced || n == 0 {
		return d.Reason
	}
	if d.Transport != "" {
		found := "the probe below found it"
		if n > 1 {
			found = "the probes below were tried in order until one found it"
		}
		return mcp.TransportWords(d.Transport) + " at " + d.URL + ": " + found
	}
	line, stop := "no transport worked: the probe below found none", "its failure"
	if n > 1 {
		line, stop = "no transport worked: none of the probes below found one", "the last one's failure"
	}
	if a := d.Attempts[n-1]; a.HandshakeRefused() {
		// Found, then refused: "no transport worked" sent the reader
		// looking for another URL.
		line, stop = a.HandshakeWords()+": the last probe below found it, and a later message of its handshake was refused", "it"
	}
	if len(d.Untried) > 0 {
		line += "; detection stopped at " + stop + ", so " + mcp.UntriedWords(d.Untried)
	}
	return line
}

// detection shows how the transport was found: the sentence that says why
// (unless a problem above already said it), then every probe with what
// came back. A body or a failure one of the problems ps above already
// shows (an HTML error page, a refused version, whole) is not quoted again
// on its probe's line.
func (n *negotiationPane) detection(f *facts, d *mcp.Detection, ps []history.Problem, said bool) {
	if d == nil {
		return
	}
	st := n.c.st
	style := st.Success
	if d.Transport == "" {
		style = st.Error
	}
	if !said {
		f.kv("Detect", wireLine(detectLine(d), 1024), style)
	}
	// A forced transport sends its initialize, not a probe: calling that
	// a probe said detection ran when --transport skipped it.
	label := "  probe"
	if d.Forced {
		label = "  tried"
	}
	for _, a := range d.Attempts {
		status := statusText(a.Status, a.Err, n.c.relayed())
		if a.Status == 0 && a.Err != "" && failureAbove(ps, a) {
			// The attempt failed with the error a problem above shows
			// whole: quoted again here, the pane said one failure twice.
			// Its verdict (no connection, closed without an answer) says
			// what came back in a word, unless the problem says that too.
			status = "failed, as said above"
			if v := a.Verdict; v != "" && !strings.HasPrefix(v, "failed: ") && !bodyAbove(ps, wireLine(v, 256)) {
				status = wireLine(v, 256)
			}
		}
		line := wireLine(a.Label(), 1024) + " → " + status
		if a.ContentType != "" {
			line += " · " + wireLine(a.ContentType, 128)
		}
		const bodyMost = 96
		raw := strings.TrimSpace(mcp.BodyWords(a.ContentType, a.Body))
		if body := wireLine(raw, bodyMost); body != "" && !bodyAbove(ps, body) {
			if len(raw) > bodyMost {
				// Cut: say so, or "…,"id":nu" reads as the whole body.
				body = strings.TrimSpace(body) + "…"
			}
			line += " · \"" + body + "\""
		}
		if a.Verdict != "" && a.Status != 0 && a.Verdict != fmt.Sprintf("answered %d", a.Status) && !failureAbove(ps, a) {
			// The line already says what came back: a verdict of no
			// answer, or of the status alone, would say it twice, as
			// would a failure a problem above shows whole.
			line += " · " + wireLine(a.Verdict, 256)
		} else if a.Verdict != "" && a.Status >= 200 && a.Status < 300 && failureAbove(ps, a) {
			// Answered in kind, then failed as a problem above says:
			// "→ 200" alone read as the attempt that worked.
			line += " · failed, as said above"
		}
		f.kv(label, line, statusStyle(st, a.Status))
	}
}

// bodyAbove reports whether one of the problems already shows body (a
// probe's body as its line would quote it).
func bodyAbove(ps []history.Problem, body string) bool {
	for _, p := range ps {
		if strings.Contains(wireLine(p.Message, 1024), body) {
			return true
		}
	}
	return false
}

// saidAbove reports whether one of the problems already reads text.
func saidAbove(ps []history.Problem, text string) bool {
	for _, p := range ps {
		if p.Message == text {
			return true
		}
	}
	return false
}

// failureAbove reports whether one of the problems already shows the
// failure attempt a met. What the failure is decides, not how it is
// worded: the session's error says "POST URL failed: read tcp …" where the
// probe's HTTP client said `Post "URL": read tcp …`. A problem is a's
// failure when it is the error that ended detection at a's probe with a's
// cause, or reads a's failure word for word (a forced transport's, whose
// own error is the problem; a recording older than attempts' causes).
func failureAbove(ps []history.Problem, a mcp.Attempt) bool {
	for _, p := range ps {
		if f := p.Fact; f != nil && a.Cause != "" && f.Cause == a.Cause && f.Probe == a.Transport {
			return true
		}
	}
	if a.Status == 0 {
		return saidAbove(ps, a.Err)
	}
	return saidAbove(ps, strings.TrimPrefix(a.Verdict, "failed: "))
}

package ui

import (
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
	if len(d.Untried) > 0 {
		line += "; detection stopped at " + stop + ", so " + mcp.UntriedWords(d.Untried)
	}
	return line
}

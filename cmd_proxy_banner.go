package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/internal/wrap"
)

// aboutRoom is the fewest columns an endpoint's words are wrapped in
// beside its URL; with less, they go on the lines below it.
const aboutRoom = 24

// banner is what proxy --headless says as it starts: the upstream, the
// URLs to point a client at, any warning, and how to stop it. width is the
// width of the terminal w writes to (0: none, each on one line, which a
// script greps). On a terminal its sentences are wrapped at their spaces,
// where the terminal broke them mid-word at 80 columns, and each URL stays
// whole on a line, which the user copies.
func (r *proxyRun) banner(w io.Writer, width int) {
	if line := "mcpscope proxy to " + r.upstream + "; point your client at:"; width <= 0 || ansi.StringWidth(line) <= width {
		fmt.Fprintln(w, line)
	} else {
		sayShownBelowIn(w, width, "mcpscope proxy to", r.upstream)
		fmt.Fprintln(w, "point your client at:")
	}
	io.WriteString(w, r.pointAt(width))
	say := func(text string) {
		for _, row := range wrapped(text, width) {
			fmt.Fprintln(w, row)
		}
	}
	if r.silent != "" {
		say("warning: " + r.silent)
	}
	// The signals caught in newProxyCmd, all three: a script's SIGHUP
	// stops it as well as ctrl+c does.
	say("ctrl+c, SIGTERM or SIGHUP stops it and flushes the recordings")
}

// pointAt says what to point clients at, one URL per line, its words in
// a column beside it. On a terminal width columns wide (0: none) too
// narrow for a line, the words are wrapped in their column, or, with
// too little room there, on the lines below the URL (sayShownLine).
func (r *proxyRun) pointAt(width int) string {
	var b strings.Builder
	col := 0
	for _, ep := range r.eps {
		col = max(col, len(ep.URL))
	}
	for _, ep := range r.eps {
		line := fmt.Sprintf("  %-*s  %s", col, ep.URL, ep.About)
		room := width - col - 4
		switch {
		case width <= 0 || ansi.StringWidth(line) <= width:
			fmt.Fprintln(&b, line)
		case room >= aboutRoom:
			for i, row := range wrap.Words(ep.About, room) {
				if i == 0 {
					fmt.Fprintf(&b, "  %-*s  %s\n", col, ep.URL, row)
				} else {
					fmt.Fprintf(&b, "%*s%s\n", col+4, "", row)
				}
			}
		default:
			sayShownLine(&b, width, ep.URL, ep.About)
		}
	}
	return b.String()
}

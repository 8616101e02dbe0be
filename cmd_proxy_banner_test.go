package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// proxy --headless's banner at 80 columns: its line naming the upstream
// and the URLs' words ran past the width, and the terminal broke them
// mid-word ("stateles|s"), the upstream's URL too. Now its sentences are
// wrapped at their spaces, every URL is whole on a line, and its words
// are all there, in order.
func TestProxyBannerFitsTheTerminal(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	base := demotest.Start(t, demo.Options{}).URL
	for _, c := range []struct{ upstream, head string }{
		{base, "mcpscope proxy to " + base + "; point your client at:"},
		{base + "/" + strings.Repeat("a-long-upstream-path/", 3) + "mcp", "mcpscope proxy to: " + base + "/" + strings.Repeat("a-long-upstream-path/", 3) + "mcp point your client at:"},
	} {
		h := startHeadless(t, c.upstream, proxyFlags{})
		const last = "flushes the recordings\n"
		h.waitFor(last)
		out := h.errw.String()
		banner := out[:strings.Index(out, last)+len(last)]
		h.stop()
		urls, words := []string{c.upstream}, []string{c.head}
		for _, ep := range h.run.eps {
			urls = append(urls, ep.URL)
			words = append(words, ep.URL+" "+ep.About)
		}
		words = append(words, "ctrl+c, SIGTERM or SIGHUP stops it and flushes the recordings")
		for _, line := range strings.Split(strings.TrimSuffix(banner, "\n"), "\n") {
			if ansi.StringWidth(line) > 80 && !slices.Contains(urls, strings.TrimSpace(line)) {
				t.Errorf("a line of the banner is wider than 80 columns and no URL alone: %q\n%s", line, banner)
			}
		}
		for _, u := range urls {
			if !strings.Contains(banner, "\n  "+u) && !strings.Contains(banner, " "+u+";") {
				t.Errorf("the banner does not have %s whole:\n%s", u, banner)
			}
		}
		said := strings.Join(strings.Fields(banner), " ")
		if want := strings.Join(words, " "); !strings.Contains(said, want) {
			t.Errorf("the banner's words are not %q:\n%s", want, banner)
		}
	}
}

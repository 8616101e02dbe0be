package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A logging/setLevel row names the level it asked for, as a prompts/get
// row names its prompt: two of them read "logging/setLevel" alike, and a
// teammate watching could not tell which level the server was set to.
func TestLivePairsRowNamesTheLogLevel(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("logging/setLevel warning")
	l.waitOK("logging/setLevel") // the status, and the row its records make
	m := l.quit()
	if rows := ansi.Strip(strings.Join(m.pairs.view(false), "\n")); !strings.Contains(rows, "logging/setLevel warning") {
		t.Errorf("the Pairs rows = %s\nwant the row to say logging/setLevel warning", rows)
	}
}

package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server that answers completion/complete with a value holding an escape
// sequence: that value cannot be typed, so Tab does not offer it, and the
// status counts the values Tab steps through, saying apart what was left
// out, instead of "3 values" for two candidates.
func TestLiveServerValuesCountWhatIsOffered(t *testing.T) {
	srv := completingServer(t, func(string) map[string]any {
		return map[string]any{"values": []string{"ruby", "ru\x1b[31mst", "rust"}}
	})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.mark()
	l.typeTab(":prompts/get review lang=r")
	l.waitFor("the server offered 2 values for lang (1 more left out: control characters)")
	m := l.quit()
	if got := m.cmdline.cycle; got == nil || len(got.comp.items) != 2 {
		t.Fatalf("Tab's candidates: %+v, want ruby and rust", got)
	}
	if got := m.cmdline.input.Value(); !strings.HasPrefix(got, "prompts/get review lang=ru") {
		t.Errorf("the line after Tab is %q, want the values' common prefix filled in", got)
	}
}

// A server that answers completion/complete with 100,000 values, past the
// 100 the specification allows: Tab steps through the first 100, as exec
// prints them, and the status says the rest were left out and why,
// instead of "the server offered 100000 values" as if that were allowed.
func TestLiveServerValuesPastTheLimit(t *testing.T) {
	values := make([]string, 100000)
	for i := range values {
		values[i] = fmt.Sprintf("r%d", i)
	}
	srv := completingServer(t, func(string) map[string]any {
		return map[string]any{"values": values}
	})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.mark()
	l.typeTab(":prompts/get review lang=r")
	l.waitFor("the server offered 100 values for lang (99900 more left out: the specification allows at most 100)")
	m := l.quit()
	if got := m.cmdline.cycle; got == nil || len(got.comp.items) != 100 {
		t.Fatalf("Tab's candidates: %+v, want the first 100", got)
	}
}

// Tab again on a value the server offered nothing for says it asked
// already, where each Tab sent another completion/complete (a row in
// Pairs each) for the same answer.
func TestLiveServerOfferedNothingIsNotAskedAgain(t *testing.T) {
	srv := completingServer(t, func(string) map[string]any {
		return map[string]any{"values": []string{}}
	})
	l := startLive(t, mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	l.initialize()
	l.mark()
	l.typeTab(":prompts/get review lang=zz")
	l.waitFor("the server offered no values for lang starting zz")
	l.mark()
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("the server offered no values for lang starting zz (asked already): type one")
	// The status comes with the answer, the rows with the records, either
	// first: the first Tab's row, then the count.
	l.waitRowsDrawn("completion/complete ", 1)
	m := l.quit()
	if asked := sentCount(m, "completion/complete"); asked != 1 {
		t.Errorf("completion/complete sent %d times for two Tabs on one word the server offered nothing for, want once", asked)
	}
}

// sentCount is how many requests of method the session sent.
func sentCount(m *Model, method string) int {
	n := 0
	for i := range m.com.log.Len() {
		if r := m.com.log.At(i); r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Method == method {
			n++
		}
	}
	return n
}

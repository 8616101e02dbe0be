package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer's stream broken inside its event showed that event as a
// "(comment)" row whose Detail said "(no data)": the bytes the server did
// send were nowhere on screen, and y copied nothing. The row says the
// event was cut off, Detail shows its bytes as far as they came and y
// copies them.
func TestLiveEventCutOffShowsItsBytes(t *testing.T) {
	const part = "event: message\ndata: {\"jsonrpc\":\"2.0\",\"result\":{\"tools\":[{\"name\":\"half_sent\""
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		_ = x.WriteRaw(part)
		x.Break()
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, 80, 24, "● initialized")
	l.tm.Type("l")
	l.waitFor("tools/list: ")
	// The status comes with the command's answer, the cut-off event with
	// the records, either first: it is the second event, after
	// initialize's answer.
	l.waitFor("Raw events 2 ")
	m := l.quit()
	tabToEvents(t, m)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "(cut off)") || strings.Contains(view, "(comment)") {
		t.Errorf("Raw events does not call the broken event cut off:\n%s", view)
	}
	press(m, "end", "enter")
	view = ansi.Strip(m.View())
	if !strings.Contains(view, "── Raw bytes ── the stream stopped inside it") || !strings.Contains(view, `"name":"half_sent"`) {
		t.Errorf("Detail does not show what came of the cut-off event:\n%s", view)
	}
	if strings.Contains(view, "(no data)") {
		t.Errorf("Detail says the cut-off event had no data:\n%s", view)
	}
	// y copies what Detail shows of it, where it copied its empty data.
	copied, ok := press(m, "y")().(copiedMsg)
	if !ok {
		t.Fatal("y did not copy")
	}
	m.Update(copied)
	if want := fmt.Sprintf("copied raw event (%d B)", len(part)); !strings.Contains(ansi.Strip(m.View()), want) {
		t.Errorf("the screen does not say %q:\n%s", want, ansi.Strip(m.View()))
	}
}

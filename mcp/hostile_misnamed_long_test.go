package mcp

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer in an SSE event whose name is 1000 bytes is said with the
// name's size: the name, cut once where the stream's strays are noted,
// was cut again where the error is written, which gave the size of the
// first cut ("… (84 bytes)") as the name's.
func TestMisnamedEventLongNameSaysItsSize(t *testing.T) {
	err := listedInEventNamed(t, strings.Repeat("n", 1000))
	if err == nil || !strings.Contains(err.Error(), "SSE event named") || !strings.Contains(err.Error(), "(1000 bytes)") {
		t.Errorf("tools/list = %v, want the misnamed event's name said with its size, 1000 bytes", err)
	}
}

// An answer in an SSE event whose name is control bytes is said with the
// name escaped and cut to one row of an 80-column status line: cut at 64
// bytes first, its escapes (\x01, four cells a byte) took 256 cells, and
// the TUI's status line gave the name alone four of its five rows.
func TestMisnamedEventEscapedNameTakesOneRow(t *testing.T) {
	err := listedInEventNamed(t, strings.Repeat("\x01", 1000))
	if err == nil {
		t.Fatal("tools/list answered in a misnamed event succeeded, want it to time out naming the event")
	}
	msg := err.Error()
	from, to := strings.Index(msg, `named "\x01`), strings.Index(msg, "(1000 bytes)")
	if from < 0 || to < from {
		t.Fatalf("tools/list = %v, want the event's name escaped and said with its size, 1000 bytes", err)
	}
	if quoted := msg[from+len("named ") : to+len("(1000 bytes)")]; ansi.StringWidth(quoted) > 80 {
		t.Errorf("the event's name is quoted %d cells wide (%s), want one row of 80", ansi.StringWidth(quoted), quoted)
	}
}

// listedInEventNamed is the error of tools/list answered in an SSE event
// named name, which no client reads as an answer.
func listedInEventNamed(t *testing.T, name string) error {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	endpoint := frontOf(t, srv, "tools/list", func(w http.ResponseWriter, r *http.Request, msg []byte) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "event: "+name+"\ndata: {\"jsonrpc\":\"2.0\",\"id\":"+mcptest.RawID(string(msg))+",\"result\":{\"tools\":[]}}\n\n")
	}) + "/mcp"
	s, rec := connect(t, Config{URL: endpoint, Transport: TransportStreamable, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	s.Close()
	rec.waitEnd(t)
	return err
}

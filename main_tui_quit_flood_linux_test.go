//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// q during a flood answers at once: the records the screen had not shown
// yet are written to the recording after the screen is given back, which
// took seconds with nothing on the terminal. It now says so first, and the
// recording still holds every record the session logged, in order.
func TestTUIQuitDuringAFloodSaysItWritesTheRecording(t *testing.T) {
	const notes = 50000
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	path := filepath.Join(t.TempDir(), "flood.jsonl")
	// A dumb terminal is asked nothing: nobody answers this one.
	r := startOnPTY(t, "dumb", "--transport", "streamable", "--record", path, srv.Endpoint())
	sess, err := srv.WaitSession(r.ctx)
	if err != nil {
		t.Fatalf("no session within 30s: %v", err)
	}
	if err := sess.WaitGET(r.ctx); err != nil {
		t.Fatalf("no GET stream within 30s: %v", err)
	}
	for i := range notes {
		if err := sess.Notify("notifications/message", map[string]any{"level": "info", "data": fmt.Sprintf("flood note %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	// The session reads them as far as its backlog's bound lets it, far
	// more than the screen has taken in.
	if err := r.quit(t); err != nil {
		t.Fatalf("the TUI did not quit cleanly (%v): %q", err, tail(r.out.String()))
	}
	text := r.out.String()
	if i := strings.LastIndex(text, "\x1b[?1049l"); i >= 0 {
		text = text[i:] // what was written after the alternate screen
	}
	// Whether the session had read a thousand records past the screen
	// when q came is the machines' race (under -race on two cores the
	// screen kept up, and nothing was to be said): when it says so, it
	// says so first. ui's TestQuitSaysTheRecordsItStillWrites holds the
	// words to the backlog.
	said, recorded := strings.Index(text, "mcpscope: quitting: writing up to "), strings.Index(text, "session recorded to")
	if recorded < 0 || said >= 0 && recorded < said {
		t.Fatalf("quitting does not say what it writes to the recording before it says where it is:\n%q", tail(text))
	}
	var quitBacklog int
	if said >= 0 {
		fmt.Sscanf(text[said:], "mcpscope: quitting: writing up to %d ", &quitBacklog)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Whole: every record the session logged, in order, the closing one
	// last. Notifications still unread in the socket when q closed the
	// stream were never records.
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	seq, note := int64(0), 0
	for _, line := range lines[1:] {
		var next int64
		if _, err := fmt.Sscanf(line, `{"seq":%d,`, &next); err != nil || next != seq+1 {
			t.Fatalf("record %d follows %d in the recording: %.200s", next, seq, line)
		}
		seq = next
		if i := strings.Index(line, "flood note "); i >= 0 {
			var n int
			fmt.Sscanf(line[i:], "flood note %d", &n)
			if n != note {
				t.Fatalf("notification %d follows %d in the recording", n, note-1)
			}
			note++
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, `"closed by mcpscope"`) {
		t.Errorf("the recording does not end with the session's close: %.300s", last)
	}
	if seq < int64(quitBacklog) || note == 0 {
		t.Errorf("the recording holds %d records (%d notifications), fewer than the %d quitting said it wrote", seq, note, quitBacklog)
	}
}

// tail is the end of a long output, for a failure's message.
func tail(s string) string { return s[max(0, len(s)-1500):] }

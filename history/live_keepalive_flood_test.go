package history

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// A server flooding identical keep-alives costs the TUI's Log of a
// recorded live session one row, whatever their number: the Log's index
// of the recording holds the run's first line, not one entry (40 bytes) a
// keep-alive, which grew the TUI by gigabytes over a flood of minutes. The
// recording still has every keep-alive, and what came after the run reads
// back as it arrived. A keep-alive is any block an EventSource would not
// dispatch: a retry field alone, or a line it ignores, three bytes a
// block, grew the TUI as comments did before they were folded.
func TestLiveKeepAliveFloodCostsOneEntry(t *testing.T) {
	for _, tc := range []struct {
		name, block string
		line        string // what each of its lines in the recording holds
	}{
		{"comments", ": ping\n\n", `"comments":["ping"]`},
		{"a retry field", "retry: 1000\n\n", `"retry":"1000"`},
		{"a line EventSource ignores", "x\n\n", `"raw":"x\n\n"`},
	} {
		t.Run(tc.name, func(t *testing.T) { keepAliveFloodCostsOneEntry(t, tc.block, tc.line) })
	}
}

func keepAliveFloodCostsOneEntry(t *testing.T, block, line string) {
	const pings = 50_000
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	live := recordLive(t, ctx, true, isNote)
	log := live.Log
	flood := strings.Repeat(block, 8<<10)
	for sent := 0; sent < pings; sent += 8 << 10 {
		if err := live.Conn.WriteRaw(flood); err != nil {
			t.Fatal(err)
		}
	}
	if err := live.Conn.Message(floodNote(0)); err != nil {
		t.Fatal(err)
	}
	live.wait(t, ctx, "the note after the flood")
	if err := live.Rec.Close(); err != nil {
		t.Fatal(err)
	}

	fs, ok := log.st.(*fileStore)
	if !ok {
		t.Fatalf("the Log keeps its records in %T, not the recording", log.st)
	}
	if n := fs.src.len(); n > 100 {
		t.Errorf("the Log's index of the recording holds %d lines after %d identical keep-alives, want the few other records and the run's first", n, pings)
	}
	rows := -1
	for i := range log.EventCount() {
		if n, _ := log.EventRepeats(i); n >= pings {
			rows = i
		}
	}
	if rows < 0 {
		t.Fatalf("no row of the events pane stands for the %d keep-alives", pings)
	}
	if got := string(log.Event(log.EventCount() - 1).Event.Data); got != floodNote(0) {
		t.Errorf("the event after the flood reads back as %q, want %q", got, floodNote(0))
	}
	f, err := os.Open(live.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.Contains(sc.Text(), line) {
			lines++
		}
	}
	if lines < pings {
		t.Errorf("the recording has %d keep-alive lines, want every one of the %d", lines, pings)
	}
}

package history

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A server flooding keep-alives costs the TUI's Log of a recorded live
// session one row, whatever their number: the Log's index of the
// recording holds the run's first line, not one entry (40 bytes) a
// keep-alive, which grew the TUI by gigabytes over a flood of minutes. The
// recording still has every keep-alive, and what came after the run reads
// back as it arrived. A keep-alive is any block an EventSource would not
// dispatch: a retry field alone, or a line it ignores, three bytes a
// block, grew the TUI as comments did before they were folded; so did
// comments that differ, `: ping 1`, `: ping 2`, ..., until a run folded
// whatever its text, and blocks of an id alone (`id: 7`), whose run's row
// shows the newest, the Last-Event-ID a reconnect sends.
func TestLiveKeepAliveFloodCostsOneEntry(t *testing.T) {
	same := func(block string) func(int) string { return func(int) string { return block } }
	for _, tc := range []struct {
		name  string
		block func(i int) string
		line  string // what each of its lines in the recording holds
	}{
		{"comments", same(": ping\n\n"), `"comments":["ping"]`},
		{"a retry field", same("retry: 1000\n\n"), `"retry":"1000"`},
		{"a line EventSource ignores", same("x\n\n"), `"raw":"x\n\n"`},
		{"comments that differ", func(i int) string { return ": ping " + strconv.Itoa(i) + "\n\n" }, `"comments":["ping `},
		{"retry fields that differ", func(i int) string { return "retry: " + strconv.Itoa(i) + "\n\n" }, `"retry":"`},
		{"ids alone", func(i int) string { return "id: " + strconv.Itoa(i) + "\n\n" }, `"id":"`},
	} {
		t.Run(tc.name, func(t *testing.T) { keepAliveFloodCostsOneEntry(t, tc.block, tc.line) })
	}
}

func keepAliveFloodCostsOneEntry(t *testing.T, block func(int) string, line string) {
	const pings = 50_000
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	live := recordLive(t, ctx, true, isNote)
	log := live.Log
	var flood strings.Builder
	for i := range pings {
		flood.WriteString(block(i))
		if flood.Len() >= 64<<10 || i == pings-1 {
			if err := live.Conn.WriteRaw(flood.String()); err != nil {
				t.Fatal(err)
			}
			flood.Reset()
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
		t.Errorf("the Log's index of the recording holds %d lines after %d keep-alives, want the few other records and the run's first", n, pings)
	}
	rows := -1
	for i := range log.EventCount() {
		if log.EventRun(i).N >= pings {
			rows = i
		}
	}
	if rows < 0 {
		t.Fatalf("no row of the events pane stands for the %d keep-alives", pings)
	}
	if first, last := block(0), block(pings-1); first != last {
		if ev := log.EventRun(rows).Newest; ev == nil || string(ev.Raw) != last {
			t.Errorf("the row of the flood ends with %v, want the newest keep-alive %q", ev, last)
		}
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

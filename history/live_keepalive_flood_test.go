package history

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server flooding identical keep-alives costs the TUI's Log of a
// recorded live session one row, whatever their number: the Log's index
// of the recording holds the run's first line, not one entry (40 bytes) a
// keep-alive, which grew the TUI by gigabytes over a flood of minutes. The
// recording still has every keep-alive, and what came after the run reads
// back as it arrived.
func TestLiveKeepAliveFloodCostsOneEntry(t *testing.T) {
	const pings = 50_000
	srv := mcptest.New(t, mcptest.Options{})
	path := filepath.Join(t.TempDir(), "pings.jsonl")
	rec, err := Create(path, Header{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	log := rec.NewLog()
	defer log.Close()
	// The Log is the consumer's alone; it says when the note after the
	// flood is in.
	after, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for batch := range Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			log.Append(batch...)
			for _, r := range batch {
				if r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "notifications/message" {
					close(after)
				}
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	conn, err := srv.WaitConn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	flood := strings.Repeat(": ping\n\n", 8<<10)
	for sent := 0; sent < pings; sent += 8 << 10 {
		if err := conn.WriteRaw(flood); err != nil {
			t.Fatal(err)
		}
	}
	if err := conn.Message(floodNote(0)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-after:
	case <-ctx.Done():
		t.Fatal("the note after the flood did not reach the Log")
	}
	s.Close()
	<-done
	if err := rec.Close(); err != nil {
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
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.Contains(sc.Text(), `"comments":["ping"]`) {
			lines++
		}
	}
	if lines < pings {
		t.Errorf("the recording has %d keep-alive lines, want every one of the %d", lines, pings)
	}
}

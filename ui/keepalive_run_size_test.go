package ui

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// runNote is the notification a fake server sends after its flood.
const runNote = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"after the pings"}}`

// recordPingRun records a live legacy session with a fake server on
// 127.0.0.1 that sends `: ping 1` to `: ping n`, then runNote; it returns
// the live view's Log (reading the recording back, as the TUI's does) and
// the recording's path.
func recordPingRun(t *testing.T, n int) (*history.Log, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	srv := mcptest.New(t, mcptest.Options{})
	path := filepath.Join(t.TempDir(), "pings.jsonl")
	rec, err := history.Create(path, history.Header{URL: srv.SSEURL(), Transport: mcp.TransportSSE, Started: time.Now()}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: srv.SSEURL(), Transport: mcp.TransportSSE})
	live := rec.NewLog()
	t.Cleanup(func() { live.Close() })
	arrived, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		seen := false
		for batch := range history.Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			live.Append(batch...)
			for _, r := range batch {
				if !seen && r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Method == "notifications/message" {
					seen = true
					close(arrived)
				}
			}
		}
	}()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	conn, err := srv.WaitConn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var flood strings.Builder
	for i := 1; i <= n; i++ {
		flood.WriteString(": ping " + strconv.Itoa(i) + "\n\n")
	}
	if err := conn.WriteRaw(flood.String()); err != nil {
		t.Fatal(err)
	}
	if err := conn.Message(runNote); err != nil {
		t.Fatal(err)
	}
	select {
	case <-arrived:
	case <-ctx.Done():
		t.Fatal("the note after the pings did not arrive")
	}
	s.Close()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("the session's records did not end after Close")
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return live, path
}

// runRow is the row of l's events pane that stands for n keep-alives.
func runRow(t *testing.T, l *history.Log, n int) int {
	t.Helper()
	for i := range l.EventCount() {
		if l.EventRun(i).N == n {
			return i
		}
	}
	t.Fatalf("no row of the events pane stands for the %d pings", n)
	return -1
}

// lineWith is the line of view that holds s, "" when none does.
func lineWith(view, s string) string {
	for _, line := range strings.Split(view, "\n") {
		if strings.Contains(line, s) {
			return line
		}
	}
	return ""
}

// The row of a run of keep-alives that differ in length (`: ping 9`, `:
// ping 10`, ...) says in its Size column the bytes of the whole run, and
// Detail says what the run is: how many, over what time, their bytes, its
// first and its newest; the row and Detail said the first ping's 10 B. A
// replay of the recording shows the same row and the same Detail.
func TestKeepAliveRunShowsItsSize(t *testing.T) {
	const pings = 300
	live, path := recordPingRun(t, pings)
	total := int64(0)
	for i := 1; i <= pings; i++ {
		total += int64(len(": ping " + strconv.Itoa(i) + "\n\n"))
	}
	size := history.FormatSize(total)

	lm := newTestModel(t, 160, 45, nil, nil)
	lm.com.log = live
	liveRow := lineWith(lm.View(), "×"+strconv.Itoa(pings))
	if !strings.Contains(liveRow, " "+size+" ") {
		t.Errorf("the live row of %d pings does not say their %s:\n%s", pings, size, liveRow)
	}
	liveDetail := strings.Join(eventDetailOf(lm, live, runRow(t, live, pings)), "\n")
	for _, want := range []string{"a run of " + strconv.Itoa(pings) + " keep-alives · " + size + " · ", "first : ping 1 · newest : ping " + strconv.Itoa(pings)} {
		if !strings.Contains(liveDetail, want) {
			t.Errorf("Detail of the live run does not say %q:\n%s", want, liveDetail)
		}
	}

	p, err := history.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	rm := replayAtEnd(t, p, 160, 45)
	if got := lineWith(rm.View(), "×"+strconv.Itoa(pings)); got != liveRow {
		t.Errorf("the replay's row of the pings reads\n%s\nthe live one\n%s", got, liveRow)
	}
	if got, want := rm.com.log.Stats().Bytes, live.Stats().Bytes; got != want {
		t.Errorf("the replay counts %d bytes, the live view %d", got, want)
	}
	if got := strings.Join(eventDetailOf(rm, rm.com.log, runRow(t, rm.com.log, pings)), "\n"); got != liveDetail {
		t.Errorf("Detail of the replay's run reads\n%s\nthe live one\n%s", got, liveDetail)
	}
}

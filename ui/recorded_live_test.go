package ui

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// detailOf is what the detail pane shows of pair i of log.
func detailOf(m *Model, log *history.Log, i int) []string {
	m.com.log = log
	m.detail.showPair(log.Pair(i))
	in := m.detail.input()
	lines, _ := in.format()
	return lines
}

// eventDetailOf is what the detail pane shows of event i of log.
func eventDetailOf(m *Model, log *history.Log, i int) []string {
	m.com.log = log
	m.detail.showEvent(log.Event(i), i)
	in := m.detail.input()
	lines, _ := in.format()
	return lines
}

// A recorded live session's screen reads its records back from the
// recording (Options.Log from Recorder.NewLog) and shows what a screen
// holding every record shows: every pair's detail, the bearer token the
// session sent included, though the file has it redacted.
func TestRecordedLiveSessionShowsWhatItSent(t *testing.T) {
	const bearer = "ui-live-bearer-0123456789"
	gw := demotest.Start(t, demo.Options{})
	path := filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := history.Create(path, history.Header{URL: gw.MCPURL(), Transport: mcp.TransportStreamable, Started: time.Now()},
		history.RecordOptions{Tokens: []string{bearer}})
	if err != nil {
		t.Fatal(err)
	}
	answers := NewAnswerer()
	s := mcp.NewSession(mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable, Bearer: bearer, Answerer: answers, RequestTimeout: 15 * time.Second})
	t.Cleanup(func() { s.Close() })
	file := rec.NewLog()
	defer file.Close()
	// The same records, also into a Log that holds them.
	held, recs, done := history.NewLog(), make(chan []mcp.Record), make(chan struct{})
	go func() {
		defer close(done)
		defer close(recs)
		for batch := range history.Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			held.Append(batch...)
			recs <- batch
		}
	}()
	m := New(Options{Records: recs, Log: file, Backend: command.Runner{Session: s}, Styles: testStyles(), URL: gw.MCPURL(),
		Transport: mcp.TransportStreamable, Answers: answers, RecordingPath: path})
	m.clipboard = &bytes.Buffer{}
	l := &live{t: t, sess: s, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 45))}
	l.out = io.TeeReader(l.tm.Output(), &l.seen)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("● initialized")
	l.listTools()
	l.callOK("greet name=Ann times=2")
	m = l.quit()
	// Every record on disk: the recording is closed when the stream ends.
	s.Close()
	for range recs {
	}
	<-done
	if m.com.log != file {
		t.Fatal("the screen does not show the Log it was given")
	}
	if file.PairCount() != held.PairCount() || file.PairCount() < 4 {
		t.Fatalf("the screen has %d pairs, a Log holding the records %d", file.PairCount(), held.PairCount())
	}
	sawToken, sawGreeting := false, false
	for i := range held.PairCount() {
		want, got := detailOf(m, held, i), detailOf(m, file, i)
		if !slices.Equal(got, want) {
			t.Errorf("pair %d's detail read back from the recording:\n%s\nheld in memory:\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		text := strings.Join(got, "\n")
		sawToken = sawToken || strings.Contains(text, "Authorization: Bearer "+bearer)
		sawGreeting = sawGreeting || strings.Contains(text, "Hello, Ann! Hello, Ann!")
	}
	if file.EventCount() != held.EventCount() {
		t.Fatalf("the screen has %d events, a Log holding the records %d", file.EventCount(), held.EventCount())
	}
	for i := range held.EventCount() {
		want, got := eventDetailOf(m, held, i), eventDetailOf(m, file, i)
		if !slices.Equal(got, want) {
			t.Errorf("event %d's detail read back from the recording:\n%s\nheld in memory:\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	if !sawToken || !sawGreeting {
		t.Errorf("the details show the bearer sent: %v, the greeting: %v; want both", sawToken, sawGreeting)
	}
}

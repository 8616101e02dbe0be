package history

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// pairView is what a user sees of a pair; replay must reproduce it exactly.
type pairView struct {
	Kind                 PairKind
	State                PairState
	ID, Method, Tool     string
	PostLatency, Latency time.Duration
	Size                 int
}

func viewPairs(l *Log) []pairView {
	out := make([]pairView, l.PairCount())
	for i := range out {
		p := l.Pair(i)
		out[i] = pairView{p.Kind, p.State, p.ID, p.Method, p.Tool, p.PostLatency, p.Latency, p.ResponseSize}
	}
	return out
}

// recordDemoSession runs a live session against the demo gateway, over the
// transport asked for, recording it, and returns the live Log and the
// recording's path.
func recordDemoSession(t *testing.T, transport string) (*Log, string) {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	path := filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := Create(path, Header{URL: srv.URL, Transport: "sse", Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	live := NewLog()
	runDemoScript(t, srv, transport, "", rec, live)
	return live, path
}

func TestReplayedPairsEqualLiveOnes(t *testing.T) {
	for _, transport := range []string{mcp.TransportSSE, mcp.TransportStreamable} {
		t.Run(transport, func(t *testing.T) { replayedPairsEqualLiveOnes(t, transport) })
	}
}

func replayedPairsEqualLiveOnes(t *testing.T, transport string) {
	live, path := recordDemoSession(t, transport)
	want := viewPairs(live)
	if len(want) < 5 {
		t.Fatalf("live session has only %d pairs", len(want))
	}

	// Read straight from the file.
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	fromFile := NewLog()
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		fromFile.Append(rec)
	}
	assertSamePairs(t, "read back", fromFile, want)

	// Through the player, as the replay TUI does.
	p := loaded(t, path)
	played := p.NewLog()
	playAll(t, p, played)
	assertSamePairs(t, "played", played, want)

	ln, pn := live.Negotiation(), played.Negotiation()
	if (ln.Endpoint == nil) != (pn.Endpoint == nil) || ln.Endpoint != nil && ln.Endpoint.Preferred != pn.Endpoint.Preferred ||
		ln.ServerName != pn.ServerName || ln.ProtocolVersion != pn.ProtocolVersion || len(ln.Posts) != len(pn.Posts) ||
		ln.Transport != pn.Transport || ln.SessionID != pn.SessionID || ln.GetStream != pn.GetStream {
		t.Errorf("negotiation differs after replay: live %+v, played %+v", ln, pn)
	}
	if live.EventCount() != played.EventCount() {
		t.Errorf("events: live %d, played %d", live.EventCount(), played.EventCount())
	}
}

func assertSamePairs(t *testing.T, how string, l *Log, want []pairView) {
	t.Helper()
	got := viewPairs(l)
	if len(got) != len(want) {
		t.Fatalf("%s: %d pairs, live had %d", how, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: pair %d = %+v, live was %+v", how, i, got[i], want[i])
		}
	}
}

func TestCutRecordingReplaysWithWarning(t *testing.T) {
	_, path := recordDemoSession(t, mcp.TransportSSE)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(t.TempDir(), "cut.jsonl")
	if err := os.WriteFile(cut, raw[:len(raw)-40], 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := Load(cut)
	if err != nil {
		t.Fatalf("a cut recording does not open: %v", err)
	}
	defer p.Close()
	if err := p.Wait(); err != nil {
		t.Fatalf("a cut recording is an error: %v", err)
	}
	if len(p.Warnings()) == 0 {
		t.Error("no warning about the cut last line")
	}
	l := p.NewLog()
	playAll(t, p, l)
	if n := l.Len(); n < 10 {
		t.Errorf("only %d records replayed from the cut recording", n)
	}
}

// runDemoScript runs a session over transport against the demo gateway
// srv, with bearer if not "": connect, initialize, tools/list, a greet call
// and a failing call, then close. rec records every batch of its records,
// then each of logs gets it. It returns when the record stream has ended.
func runDemoScript(t *testing.T, srv *demo.Server, transport, bearer string, rec *Recorder, logs ...*Log) {
	t.Helper()
	url := srv.SSEURL()
	if transport == mcp.TransportStreamable {
		url = srv.MCPURL()
	}
	s := mcp.NewSession(mcp.Config{URL: url, Transport: transport, Bearer: bearer})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for batch := range Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			for _, l := range logs {
				l.Append(batch...)
			}
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	initialize(t, ctx, s)
	if _, _, err := s.ListTools(ctx, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallTool(ctx, "greet", json.RawMessage(`{"name":"Ann","times":2}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallTool(ctx, "fail", json.RawMessage(`{"message":"boom"}`)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
}

package history

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call whose structuredContent breaks its listed outputSchema says
// so on its row (Pair.Output, what the Pairs row and Detail show), and a
// replay of the recording, which holds the tools/list, says the same.
func TestOutputSchemaMismatchReplays(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.OutputSchemaTool(
		`{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`,
		`{"content":[{"type":"text","text":"three"}],"structuredContent":{"count":"three"}}`)})
	path := filepath.Join(t.TempDir(), "live.jsonl")
	rec, err := Create(path, Header{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, Started: time.Now()}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	live := NewLog()
	s := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for batch := range Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }) {
			live.Append(batch...)
		}
	}()
	ctx := testCtx(t)
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ListTools(ctx, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallTool(ctx, "report", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")

	const want = `structuredContent breaks the outputSchema: at /properties/count: type: three has type "string", want "integer"`
	p := loaded(t, path)
	played := p.NewLog()
	playAll(t, p, played)
	for how, l := range map[string]*Log{"live": live, "replayed": played} {
		var got []string
		for i := range l.PairCount() {
			if pr := l.Pair(i); pr.Method == "tools/call" {
				got = append(got, pr.Output)
			}
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("%s: the tools/call rows say %q, want [%q]", how, got, want)
		}
	}
}

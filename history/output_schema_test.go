package history

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"strings"
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

// Filing the answer of a tool that has no outputSchema reads nothing of
// it for a check: a 16 MB answer costs no copy of itself on the update
// loop, where each tools/call answer was copied and scanned once any tool
// was listed.
func TestOutputCheckLeavesAnswersOfToolsWithoutSchema(t *testing.T) {
	s := newScript()
	list := s.request("1", "tools/list", `{}`)
	s.result("1", list, `{"tools":[{"name":"echo","inputSchema":{"type":"object"}},{"name":"report","inputSchema":{"type":"object"},"outputSchema":{"type":"object"}}]}`)
	call := s.request("2", "tools/call", `{"name":"echo"}`)
	s.result("2", call, `{"content":[{"type":"text","text":"`+strings.Repeat("x", 16<<20)+`"}]}`)
	l := NewLog()
	l.Append(s.recs[:2]...)
	l.Append(s.recs[2])
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	l.Append(s.recs[3])
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("filing a 16 MB answer of a tool with no outputSchema allocated %d bytes", got)
	}
	if p := l.Pair(l.PairCount() - 1); p.Method != "tools/call" || p.State != StateOK || p.Output != "" {
		t.Errorf("the call's row: %s %v %q, want an ok tools/call with no Output", p.Method, p.State, p.Output)
	}
}

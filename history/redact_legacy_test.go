package history

import (
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A replay of a recording made before -H values were redacted shows its
// records as the recorder now writes them: the user's headers redacted by
// name (X-Team's short value too), the protocol's own kept, and a value
// of 8 bytes or more redacted where the server echoed it.
func TestReplayRedactsALegacyRecordingsHeaders(t *testing.T) {
	p, err := Load("testdata/legacy-headers.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	n, _ := p.Loaded()
	recs := p.take(n)
	if len(recs) != 10 {
		t.Fatalf("replayed %d records, want 10", len(recs))
	}
	log := p.NewLog()
	defer log.Close()
	log.Append(recs...)
	teams := 0
	for i, rec := range append(recs, *log.At(6), *log.At(8)) {
		if h := rec.HTTP; h != nil && h.RequestHeaders != nil {
			for _, name := range []string{"X-Api-Key", "X-Team"} {
				if got := mcp.RecordedHeader(h.RequestHeaders, name); got != "" && got != Redacted {
					t.Errorf("record %d: %s = %q, want %q", i, name, got, Redacted)
				}
			}
			if got := mcp.RecordedHeader(h.RequestHeaders, "Accept"); got == "" || got == Redacted {
				t.Errorf("record %d: Accept = %q, want it kept", i, got)
			}
			if mcp.RecordedHeader(h.RequestHeaders, "X-Team") == Redacted {
				teams++
			}
		}
		for _, b := range rec.Payloads() {
			if strings.Contains(string(b), "KEY-legacy") {
				t.Errorf("record %d shows the key: %s", i, b)
			}
		}
	}
	if teams == 0 {
		t.Error("no record shows X-Team redacted")
	}
}

// A legacy recording's redactor is shared by a replay's goroutines (its
// filter scan reads records beside the screen's): each view of a record
// echoing a request's key redacts it, whatever the other goroutine views
// meanwhile. The tokens each view found were kept in the redactor, and one
// view cleared them while another read them: 164 of 40,000 showed the key.
func TestALegacyRecordingsRedactorViewsFromTwoGoroutines(t *testing.T) {
	f, err := os.Open("testdata/legacy-headers.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	red, err := legacyRedactor(f, Header{URL: "http://127.0.0.1:8811/sse"})
	if err != nil || red == nil {
		t.Fatalf("legacy redactor: %v, %v", red, err)
	}
	echo := mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"k":"KEY-legacy-5566778"}}`)}}
	plain := mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Raw: mcp.Raw(`{"jsonrpc":"2.0","id":2,"result":{"k":"nothing here at all"}}`)}}
	var leaks atomic.Int64
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Go(func() {
			for i := range 20000 {
				rec := echo
				if (i+g)%2 == 1 {
					rec = plain
				}
				if v := red.view(rec); strings.Contains(string(v.RPC.Raw), "KEY-legacy") {
					leaks.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if n := leaks.Load(); n > 0 {
		t.Errorf("%d of 40000 views showed the key", n)
	}
}

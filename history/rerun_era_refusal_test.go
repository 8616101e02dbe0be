package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 recording's ping, refused there as an unknown method (2026-07-28
// has no ping), re-run on a server of an older era that answers it:
// still different, but the report says the eras differ, where a bare
// "different" read as the server having changed.
func TestRerunSaysAPingDiffersByEra(t *testing.T) {
	ctx := testCtx(t)
	_, results := rerunModernOnOlder(t, ctx, func(s *mcp.Session) {
		resp, err := s.Request(ctx, "ping", nil)
		if err != nil || resp == nil || resp.Error == nil || resp.Error.Code != mcp.CodeMethodNotFound {
			t.Fatalf("the 2026 fake answered ping %+v, %v; want it refused as an unknown method", resp, err)
		}
	})
	var ping *RerunResult
	for i := range results {
		if results[i].Method == "ping" {
			ping = &results[i]
		}
	}
	if ping == nil {
		t.Fatalf("no ping re-run: %+v", results)
	}
	out := RenderRerunResult(*ping, 80)
	want := "differs because the eras differ: ping is not in 2026-07-28"
	if ping.Outcome != OutcomeDifferent || !strings.Contains(out, want) {
		t.Errorf("ping %s, want different and why:\n%s\ngot:\n%s", ping.Outcome, want, out)
	}
	for _, res := range results {
		if res.Method != "ping" && res.Era != "" {
			t.Errorf("%s says the eras differ: %s", res.Method, res.Era)
		}
	}
}

// What the recorded answer says decides it: a refusal as an unknown method
// only, read as the session reads an answer (the last "error" counts).
func TestEraRefusalReadsTheRecordedError(t *testing.T) {
	for _, tc := range []struct {
		name, method, answer string
		want                 bool
	}{
		{"refused", "ping", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`, true},
		{"refused, setLevel", "logging/setLevel", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}`, true},
		{"another error", "ping", `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"broken"}}`, false},
		{"answered", "ping", `{"jsonrpc":"2.0","id":1,"result":{}}`, false},
		{"error null", "ping", `{"jsonrpc":"2.0","id":1,"result":{},"error":null}`, false},
		{"error twice, the last refuses", "ping", `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"a"},"error":{"code":-32601,"message":"b"}}`, true},
		{"error twice, the last does not", "ping", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"a"},"error":{"code":-32603,"message":"b"}}`, false},
		{"code not a number", "ping", `{"jsonrpc":"2.0","id":1,"error":{"code":"-32601","message":"no"}}`, false},
		{"not JSON", "ping", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601`, false},
		{"a method 2026 keeps", "tools/list", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}`, false},
	} {
		rec := &mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, Raw: mcp.Raw(tc.answer)}}
		if got := eraRefusal(tc.method, rec); (got != "") != tc.want {
			t.Errorf("%s: eraRefusal = %q, want said %v", tc.name, got, tc.want)
		}
	}
}

// BenchmarkEraRefusal reads a recorded ping's answer of 4 MB (a server may
// answer anything) for whether it refused the ping.
func BenchmarkEraRefusal(b *testing.B) {
	answer := `{"jsonrpc":"2.0","id":1,"result":{"pad":"` + strings.Repeat("x", 4<<20) + `"}}`
	rec := &mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, Raw: mcp.Raw(answer)}}
	b.ReportAllocs()
	for b.Loop() {
		if got := eraRefusal("ping", rec); got != "" {
			b.Fatal(got)
		}
	}
}

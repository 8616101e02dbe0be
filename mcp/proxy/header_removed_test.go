package proxy

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// -H 'X-A:' (curl's way to remove a header, as exec and the TUI take it)
// removes the client's own X-A on the way upstream, and -H 'User-Agent:'
// its User-Agent, with none of Go's in its place. The upstream leg's
// record holds the headers as they went (mcp.SentHeaders): neither X-A
// nor User-Agent; the client's leg keeps what the client sent.
// The proxy took a name with no value for a header to fill in where the
// client sent none, and relayed the client's X-A as it was.
func TestEmptyHeaderRemovesTheClientsOwn(t *testing.T) {
	var up headerLog
	var mu sync.Mutex
	var hosts []string
	ts := up.server(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		jsonOK(w, r)
	})
	_, base, w := startProxy(t, ts.URL, Config{Header: http.Header{"X-A": {}, "User-Agent": {}, "Host": {"gateway.example:8811"}}})
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "X-A", "secret", "User-Agent", "client/1").Body)
	seen := up.all()
	if len(seen) != 1 {
		t.Fatalf("upstream saw %d requests, want 1", len(seen))
	}
	if v, sent := seen[0]["X-A"]; sent {
		t.Errorf("upstream got X-A %q, want none for -H 'X-A:'", v)
	}
	if v, sent := seen[0]["User-Agent"]; sent {
		t.Errorf("upstream got User-Agent %q, want none for -H 'User-Agent:'", v)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(hosts) != 1 || hosts[0] != "gateway.example:8811" {
		t.Errorf("upstream saw Host %q, want the -H Host gateway.example:8811 as before", hosts)
	}
	upLeg := w.record(t, 1, "the upstream leg", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposePost })
	if v, ok := upLeg.HTTP.RequestHeaders["X-A"]; ok {
		t.Errorf("the upstream leg is recorded with X-A %q, want it absent, as it was sent", v)
	}
	if v, ok := upLeg.HTTP.RequestHeaders["User-Agent"]; ok {
		t.Errorf("the upstream leg is recorded with User-Agent %q, want it absent, as it was sent", v)
	}
	det := w.record(t, 1, "how the session began", func(r mcp.Record) bool { return r.Detect != nil })
	if want := "-H sends no User-Agent, X-A upstream"; !strings.Contains(det.Detect.Reason, want) {
		t.Errorf("the session's detection says %q, want it to say %q", det.Detect.Reason, want)
	}
	relay := w.record(t, 1, "the client's leg", func(r mcp.Record) bool { return r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay })
	if got := mcp.RecordedHeader(relay.HTTP.RequestHeaders, "X-A"); got != "secret" {
		t.Errorf("the client's leg is recorded with X-A %q, want what the client sent", got)
	}
}

// -H 'Host:' leaves the Host as it is, the upstream's own, as exec's -H
// does (a request always names a Host), and the session's detection does
// not claim it was removed.
func TestEmptyHostHeaderKeepsTheUpstreamsHost(t *testing.T) {
	var mu sync.Mutex
	var hosts []string
	var up headerLog
	ts := up.server(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		jsonOK(w, r)
	})
	_, base, w := startProxy(t, ts.URL, Config{Header: http.Header{"Host": {}}})
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`).Body)
	mu.Lock()
	got := append([]string(nil), hosts...)
	mu.Unlock()
	if want := strings.TrimPrefix(ts.URL, "http://"); len(got) != 1 || got[0] != want {
		t.Errorf("upstream saw Host %q, want its own %s", got, want)
	}
	det := w.record(t, 1, "how the session began", func(r mcp.Record) bool { return r.Detect != nil })
	if strings.Contains(det.Detect.Reason, "sends no") {
		t.Errorf("the session's detection says %q: no header was removed", det.Detect.Reason)
	}
}

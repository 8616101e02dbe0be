package proxy

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// -H 'Host: ...' is sent as the upstream request's Host, as exec sends it:
// net/http ignores a Host in the header map, so the proxy sent the
// upstream's own Host and a person checking how a gateway treats a foreign
// Host never saw it tried.
func TestHostHeaderGoesUpstreamAsTheHost(t *testing.T) {
	var mu sync.Mutex
	var hosts []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		jsonOK(w, r)
	}))
	t.Cleanup(ts.Close)
	_, base, _ := startProxy(t, ts.URL, Config{Header: http.Header{"Host": {"gateway.example:8811"}}})
	readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`).Body)
	mu.Lock()
	defer mu.Unlock()
	if len(hosts) == 0 {
		t.Fatal("no request reached the upstream")
	}
	for _, h := range hosts {
		if h != "gateway.example:8811" {
			t.Errorf("the upstream saw Host %q, want the typed gateway.example:8811 (requests: %q)", h, hosts)
		}
	}
}

package main

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// -H 'Host: ...' is sent as the request's Host, as curl sends it: a person
// checking how a gateway treats a foreign Host (the Docker gateway answers
// 403) must see the server get the Host they typed, not mcpscope's own.
func TestExecSendsTheHostHeaderTyped(t *testing.T) {
	var mu sync.Mutex
	var hosts []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		http.Error(w, "forbidden host", http.StatusForbidden)
	}))
	defer srv.Close()
	_, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", "-H", "Host: gateway.example:8811", srv.URL+"/mcp", "tools/list")
	mu.Lock()
	defer mu.Unlock()
	if len(hosts) == 0 {
		t.Fatalf("no request reached the server:\n%s", errOut)
	}
	for _, h := range hosts {
		if h != "gateway.example:8811" {
			t.Errorf("the server saw Host %q, want the typed gateway.example:8811 (requests: %q)", h, hosts)
		}
	}
}

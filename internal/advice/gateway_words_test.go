package advice

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

const gatewayHint = "(the Docker MCP Gateway: docker mcp gateway run; default port 8811)"

// Nothing answering at a port of the user's own is no Docker MCP Gateway
// left unstarted: the advice named the gateway whatever the URL. It does
// only where the URL may be the gateway's, and keeps every other word.
func TestUnreachableNamesTheGatewayOnlyWhereItMayBe(t *testing.T) {
	addr := mcptest.ClosedAddr(t)
	err := connectVia(t, "http://"+addr+"/mcp", mcp.TransportStreamable, "")
	want := "nothing answered at " + addr + ": is the server started, and is the URL right?"
	if got := ForError(err, CLI); got != want {
		t.Errorf("a closed port of the user's: advice %q, want %q (error %v)", got, want, err)
	}
	for _, tc := range []struct {
		addr    string
		gateway bool
	}{
		{"127.0.0.1:8811", true},
		{"gateway.example:8811", true},
		{"localhost:80", true}, // http://localhost/sse: the gateway's port left out
		{"[::1]:80", true},
		{"", true}, // an address not known may be it
		{"mcp.example.com:80", false},
		{"mcp.example.com:443", false},
		{"127.0.0.1:3000", false},
	} {
		got := For(Fact{Cause: mcp.CauseUnreachable, Addr: tc.addr}, TUI)
		if !strings.HasPrefix(got, "nothing answered at ") || !strings.Contains(got, ": is the server started, and is the URL right?") {
			t.Errorf("%q: advice %q lost its words", tc.addr, got)
		}
		if has := strings.HasSuffix(got, " "+gatewayHint); has != tc.gateway {
			t.Errorf("%q: advice %q, gateway named %v, want %v", tc.addr, got, has, tc.gateway)
		}
	}
}

// A 502, 503 or 504 from any server was advised as the Docker MCP
// Gateway's ("check GET /health and the gateway's logs"), a route most
// servers and proxies lack. The advice names no gateway's own route and
// says what each status means of the server behind.
func TestGatewayStatusAdviceFitsAnyServer(t *testing.T) {
	for status, want := range map[int]string{
		http.StatusBadGateway:         "got no usable answer from the server behind it",
		http.StatusServiceUnavailable: "is unavailable for now",
		http.StatusGatewayTimeout:     "gave up waiting for the server behind it",
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "upstream exploded", status)
		}))
		err := connectVia(t, srv.URL+"/mcp", mcp.TransportStreamable, "")
		srv.Close()
		for _, a := range []Audience{TUI, CLI, Reader} {
			got := ForError(err, a)
			if strings.Contains(got, "/health") || strings.Contains(got, "the gateway's") || !strings.Contains(got, want) || !strings.Contains(got, "its logs") {
				t.Errorf("%d, audience %d: advice %q, want it to say %q and check its logs, naming no gateway's route (error %v)", status, a, got, want, err)
			}
		}
	}
}

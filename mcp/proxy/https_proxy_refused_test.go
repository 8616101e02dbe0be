package proxy

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
)

// An HTTPS proxy (HTTPS_PROXY) refusing the tunnel to an https upstream is
// named in the 502 the client gets: net/http says only "Bad Gateway",
// which read as an upstream that took the connection and closed it.
func TestHTTPSProxyRefusingTheTunnelIsNamedToTheClient(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	}))
	t.Cleanup(refusing.Close)
	p, base, w := startProxy(t, "https://mcp.example.test/mcp", Config{})
	via, err := url.Parse(refusing.URL)
	if err != nil {
		t.Fatal(err)
	}
	// What HTTPS_PROXY would set, which net/http reads once a process.
	p.client.Transport.(noSwitch).RoundTripper.(*http.Transport).Proxy = http.ProxyURL(via)
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`,
		"Content-Type", "application/json", "Accept", "application/json, text/event-stream")
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := "the HTTPS proxy at " + via.Host + " refused to open a tunnel (CONNECT) to mcp.example.test:443: it answered 502 Bad Gateway"
	if resp.StatusCode != http.StatusBadGateway || !strings.Contains(string(body), want) {
		t.Errorf("the client was answered %d %q, want 502 saying %q", resp.StatusCode, body, want)
	}
	// Its advice names the proxy, not the upstream as the proxy.
	rec := w.record(t, w.sessions()[0].ID, "the refused initialize", func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.Cause == mcp.CauseProxyRefused
	})
	if got := advice.ForInfo(rec.Error, advice.TUI); !strings.Contains(got, "the HTTPS proxy at "+via.Host+" ") {
		t.Errorf("advice %q, want it to name the proxy at %s", got, via.Host)
	}
}

package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// discoverCrasher fronts the demo gateway with a server that fails every
// server/discover with 500, as a server that crashes on a method it does
// not know does, and passes everything else through.
func discoverCrasher(t *testing.T) string {
	t.Helper()
	return mcptest.Front(t, demotest.Start(t, demo.Options{}).URL, func(w http.ResponseWriter, _ *http.Request, body []byte) bool {
		if !bytes.Contains(body, []byte(`"server/discover"`)) {
			return false
		}
		http.Error(w, "internal error: unknown method", http.StatusInternalServerError)
		return true
	}).URL
}

// Detection stops at a 500 on server/discover (only 400, 404 and 405 fall
// through), but the advice says how to get past it. It said "the server
// failed: check its logs" and nothing of --transport, and the server it
// named as failed answered initialize.
func TestExecSaysHowToSkipAFailingDiscover(t *testing.T) {
	stateDir(t)
	base := discoverCrasher(t)
	out, errOut, code := run(t, "exec", "--no-record", base+"/mcp", "tools/list")
	if code != exitConnect {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitConnect, out, errOut)
	}
	if !strings.Contains(errOut, "answered 500") || !strings.Contains(errOut, "fails only on detection's server/discover") ||
		!strings.Contains(errOut, "pass --transport streamable") {
		t.Errorf("no way past the failing server/discover:\n%s", errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--transport", "streamable", base+"/mcp", "tools/list")
	if code != exitOK || !strings.Contains(out, "greet") {
		t.Errorf("with the advised flag: exit %d\n%s\n%s", code, out, errOut)
	}
}

// A server failing every POST with 500 gets the same words: the advice
// says "only there", and --transport streamable then shows the failure on
// initialize, which is the server's own.
func TestExecFailingInitializeNamesNoDiscover(t *testing.T) {
	stateDir(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	_, errOut, code := run(t, "exec", "--no-record", "--transport", "streamable", srv.URL+"/mcp", "tools/list")
	if code != exitConnect || !strings.Contains(errOut, "answered 500") {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if strings.Contains(errOut, "server/discover") {
		t.Errorf("a forced transport's failure named the server/discover probe:\n%s", errOut)
	}
}

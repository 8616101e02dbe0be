package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client that names itself 100,000 bytes long (clientInfo and
// User-Agent) gets its requests relayed, but the lines about its session
// name it by the start of that name and its size: every line began with
// the whole name, 100 KB a line.
func TestProxyHeadlessCutsAClientsLongName(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	long := strings.Repeat("n", 100_000)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": map[string]any{"_meta": map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": map[string]any{},
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": long, "version": "1"},
	}}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/stateless", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/list")
	req.Header.Set("User-Agent", strings.Repeat("u", 100_000))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// Read whole: the answer is relayed and logged before the proxy stops.
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("tools/list through the proxy: %s, want 200 OK", resp.Status)
	}
	h.stop()

	out := h.errw.String()
	if !strings.Contains(out, "→ tools/list id=1") || !strings.Contains(out, "← tools/list id=1 ok") {
		t.Fatalf("stderr lacks the request and its answer:\n%.2000s", out)
	}
	if !strings.Contains(out, "nnnn… (100002 bytes)") {
		t.Errorf("no line names the client by the start of its name and its size:\n%.2000s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 1000 {
			t.Errorf("a line of %d bytes: %.300s…", len(line), line)
		}
	}
}

// A request whose method, tool name and id are each 100,000 bytes long is
// relayed, and its lines quote the start of each: they were printed whole,
// a line of 300 KB for the request and another for its failure.
func TestProxyHeadlessCutsLongMethodsToolsAndIDs(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	long := func(c string) string { return strings.Repeat(c, 100_000) }
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": long("i"), "method": "tools/call", "params": map[string]any{"name": long("t")}})
	body2, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2, "method": long("m")})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, b := range [][]byte{body, body2} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	h.stop()

	out := h.errw.String()
	for _, want := range []string{"→ tools/call tttt", `t… (100000 bytes) id="iiii`, "i… (100002 bytes)", "→ mmmm", "m… (100000 bytes) id=2"} {
		if !strings.Contains(out, want) {
			t.Errorf("stderr lacks %q:\n%.3000s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 2000 {
			t.Errorf("a line of %d bytes: %.300s…", len(line), line)
		}
	}
}

package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// post2026 POSTs body as a 2026 client does (its Accept, protocol version
// and Mcp-Method headers, and Mcp-Name when name is not empty) to the proxy
// at base and returns the whole answer. It is bounded: a proxy that never
// ends its answer fails here, not at go test's ten-minute timeout.
func post2026(t *testing.T, base, body, method, name string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/mcp", strings.NewReader(body))
	for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method} {
		req.Header.Set(k, v)
	}
	if name != "" {
		req.Header.Set("Mcp-Name", name)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the proxied answer to %s after %q: %v", method, b, err)
	}
	return string(b)
}

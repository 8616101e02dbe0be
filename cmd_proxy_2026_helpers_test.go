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
	headers := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method}
	if name != "" {
		headers["Mcp-Name"] = name
	}
	return proxyRequest(t, http.MethodPost, base+"/mcp", headers, body)
}

// proxyRequest sends method to url through the proxy with a client's
// Content-Type and Accept and the headers given, and returns the whole
// answer, bounded as post2026 is.
func proxyRequest(t *testing.T, method, url string, headers map[string]string, body string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading the proxied answer to %s %s after %q: %v", method, url, b, err)
	}
	return string(b)
}

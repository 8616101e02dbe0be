package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A proxied client that authenticates with an X-Api-Key header had its
// key written in the clear into every request of its recording, the file
// a user shares: only Authorization and Cookie were known as credentials.
// A header named as a credential query parameter is redacted as one.
func TestProxyRecordingRedactsAClientsAPIKeyHeader(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	const key = "client-api-key-0123456789"
	greetThroughProxy(t, h, apiKeyHeader{"X-Api-Key", key}, "api-key-test", 1, func() string { return "Ann" })
	for name, text := range recordingsLack(t, h.dir, key, "the client's API key") {
		if !strings.Contains(text, `"X-Api-Key":["[redacted]"]`) {
			t.Errorf("%s does not show the header X-Api-Key as redacted", name)
		}
	}
}

// apiKeyHeader sends a credential in a header of its own name, as clients
// of many hosted MCP servers do.
type apiKeyHeader struct{ name, value string }

func (a apiKeyHeader) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set(a.name, a.value)
	return http.DefaultTransport.RoundTrip(req)
}

package main

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// earlyGet opens a client's GET stream at the proxy at base, as a client
// does before or without an initialize, and returns the status it was
// answered with. ua names the client in User-Agent (Go's own when empty),
// so a test can find each GET in the recordings. The GET is bounded.
func earlyGet(t *testing.T, base, ua string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	if ua != "" {
		req.Header.Set("User-Agent", ua)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
